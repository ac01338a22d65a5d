"""Every bad model of tests/cli_errors.xml raises through Python what `mj run` prints: ModelError with
the same file and line, FileNotFoundError for a missing file, or ValueError for a bad size. Wrong argument types
raise TypeError."""

import errno
import re
import xml.etree.ElementTree as ET

import pytest

import markovjunior as mj
from conftest import ROOT

CASES = ET.parse(ROOT / "tests" / "cli_errors.xml").getroot().findall("case")


def size_of(args):
    """`mj run`'s size arguments as load()'s size."""
    values = dict(re.findall(r"--(\w+) (-?\d+)", args))
    if "size" in values:
        return int(values["size"])
    return (int(values["length"]), int(values["width"]))


@pytest.mark.parametrize("case", CASES, ids=[c.get("name") for c in CASES])
def test_cli_error_case_raises_the_same(case, tmp_path):
    model = tmp_path / "models" / "M.xml"
    model.parent.mkdir()
    if case.find("model") is not None:
        model.write_text(case.find("model").text)
    expect = case.get("expect")
    located = re.fullmatch(r"M\.xml(?::(\d+))?: (.*)", expect)
    if located is None:  # an argument of mj run, not the model
        with pytest.raises(ValueError, match=re.escape(expect)):
            mj.load(model, size=size_of(case.get("args")))
        return
    if case.find("model") is None:  # no file: the library's kind missing_file
        with pytest.raises(FileNotFoundError) as missing:
            mj.load(model, size=size_of(case.get("args")))
        assert missing.value.filename == str(model) and located[2] in str(missing.value)
        return
    with pytest.raises(mj.ModelError) as raised:
        mj.load(model, size=size_of(case.get("args"))).run(1)
    error = raised.value
    assert error.file.endswith("M.xml")
    assert error.line == int(located[1] or 0)
    assert located[2] in error.message
    assert expect in str(error)


def test_xml_text_errors_name_the_string():
    with pytest.raises(mj.ModelError) as raised:
        mj.load('<sequence values="BW">\n  <dance/>\n</sequence>', size=5)
    assert (raised.value.file, raised.value.line, raised.value.message) == ("<string>", 2, "unknown node <dance>")


@pytest.mark.parametrize("size", ["5", 2.5, (1, 2, 3, 4), (5,), True])
def test_wrong_size_types(size):
    with pytest.raises(TypeError):
        mj.load('<one values="BW" in="B" out="W"/>', size=size)


def test_wrong_argument_types_and_values():
    model = mj.load('<one values="BW" in="B" out="W"/>', size=4)
    with pytest.raises(TypeError):
        mj.load(42, size=4)
    with pytest.raises(TypeError):
        model.run("1")
    with pytest.raises(ValueError):
        list(model.frames(1, every=0))
    result = model.run(1)
    with pytest.raises(ValueError):
        result.image(0)
    with pytest.raises(ValueError, match="format"):
        result.save("picture.bmp")
    with pytest.raises(FileNotFoundError, match="no model named"):
        mj.generate("NoSuchModel")


def test_numbers_past_an_int_are_value_errors_that_say_so():
    """Python's ints are unbounded, the core's are not: beyond 32 bits the message says what fits
    (it was pybind11's "incompatible function arguments" or a failed allocation)."""
    model = mj.load('<one values="BW" in="B" out="W"/>', size=4)
    with pytest.raises(ValueError, match="seed must be a whole number from -2147483648 to 2147483647"):
        model.run(2**40)
    with pytest.raises(ValueError, match="steps must be a whole number"):
        model.run(1, steps=-(2**31) - 1)
    with pytest.raises(ValueError, match="every side must be at most 2147483647"):
        mj.load('<one values="BW" in="B" out="W"/>', size=2**31)
    result = model.run(1)
    with pytest.raises(ValueError, match="pixelsize must be a whole number from"):
        result.image(2**31)
    with pytest.raises(ValueError, match="pixelsize= must be from 1 to"):  # the library's range, its words
        result.image(10**9)


def test_error_pickles():
    import pickle

    with pytest.raises(mj.ModelError) as raised:
        mj.load('<sequence values="BW">\n  <dance/>\n</sequence>', size=5)
    error = pickle.loads(pickle.dumps(raised.value))
    assert (error.file, error.line, error.message, str(error)) == (
        "<string>",
        2,
        "unknown node <dance>",
        "<string>:2: unknown node <dance>",
    )


@pytest.mark.parametrize("name", ["x.png", "x.vox", "x.gif"])
def test_a_bad_output_folder_is_an_os_error(tmp_path, name):
    result = mj.load('<one values="BW" in="B" out="W"/>', size=4).run(1)
    with pytest.raises(FileNotFoundError) as missing:
        result.save(tmp_path / "missing" / name)
    assert missing.value.errno == errno.ENOENT and missing.value.filename == str(tmp_path / "missing" / name)
    (tmp_path / "file").write_text("")
    with pytest.raises(NotADirectoryError):
        result.save(tmp_path / "file" / name)


def test_model_of_a_path_says_to_use_load():
    with pytest.raises(TypeError, match="markovjunior.load"):
        mj.Model("models/Flowers.xml")


def test_errors_are_raised_by_their_kind(tmp_path):
    """The library says what kind each failure is; Python raises its own type for the kind, never guessing
    from the message or from whether a file is named."""
    with pytest.raises(FileNotFoundError) as missing:
        mj.load(tmp_path / "missing.xml")
    assert missing.value.filename == str(tmp_path / "missing.xml")
    one = mj.load('<one values="BW" in="B" out="W"/>', size=4)
    with pytest.raises(ValueError, match="steps= must be 0"):
        one.run(1, steps=-5)
    with pytest.raises(ValueError, match="steps= must be 0"):
        mj.load('<one values="BW" in="B" out="W"/>', steps=-5)
    with pytest.raises(ValueError, match="workers= must be at least 1"):
        mj.batch(one, [1], workers=0)
    with pytest.raises(ValueError, match="R"):
        mj.load('<one values="BW" in="B" out="W"/>', colors={"R": 0xFF0000})  # the model has no R
    with pytest.raises(ValueError, match="positive number of cells"):
        mj.load('<one values="BW" in="B" out="W"/>', size=0)
    result = one.run(1)
    with pytest.raises(OSError) as unwritable:
        result.save("/proc/x.png")
    assert not isinstance(unwritable.value, mj.ModelError)


FILL = '<one values="BW" in="B" out="W"/>'


@pytest.mark.parametrize(
    "colour", ["#ff8800", "#F80", " #ff8800", (255, 136, 0), [255, 136, 0], (1.0, 136 / 255, 0.0), 0xFF8800]
)
def test_a_colour_as_text_a_tuple_or_a_number(colour):
    assert dict(mj.load(FILL, colors={"W": colour}).source.palette)["W"] == 0xFFFF8800


def test_a_colour_by_its_name():
    pytest.importorskip("matplotlib")  # its table of names
    assert dict(mj.load(FILL, colors={"W": "teal"}).source.palette)["W"] == 0xFF008080


@pytest.mark.parametrize("colour", ["#ff880", "no such colour", (255, 136), (256, 0, 0), 2.5, None, -1, 2**40])
def test_a_colour_that_is_none_is_a_value_error_repeating_it(colour):
    with pytest.raises(ValueError, match="the colour of 'W' must be 0xRRGGBB, '#rrggbb', a colour's name") as e:
        mj.load(FILL, colors={"W": colour})
    assert str(e.value).endswith(f"got {colour!r}")


def test_bad_values_are_repeated_in_the_message():
    with pytest.raises(ValueError, match=r"^size must be a positive number of cells \(size=\), got -3$"):
        mj.load(FILL, size=-3)
    with pytest.raises(ValueError, match=r"^width must be a positive number of cells \(size=\), got 0$"):
        mj.load(FILL, size=(4, 0))
    with pytest.raises(ValueError, match=r"steps= must be 0 \(no limit\) or a positive number of steps, got -5$"):
        mj.load(FILL, steps=-5)
    with pytest.raises(ValueError, match=r"colour of 'W' is past 0xFFFFFF, got 0x1000000$"):
        mj.load(FILL, colors={"W": 0x1000000})


def test_a_model_name_off_by_its_case_or_a_letter_has_a_did_you_mean(corpus, monkeypatch):
    with pytest.raises(FileNotFoundError, match=r"did you mean GrowthMaze\?$"):
        mj.load("growthmaze")  # one of mj's own
    monkeypatch.chdir(corpus)
    with pytest.raises(FileNotFoundError, match=r"no model named 'flowers' .*: did you mean Flowers\?$"):
        mj.load("flowers")
    with pytest.raises(FileNotFoundError, match=r"did you mean Flowers\?$"):
        mj.load("Flowrs")
    with pytest.raises(FileNotFoundError, match=r"\)$"):  # nothing near: no guess
        mj.load("Quux")


def test_a_3d_models_size_is_read_as_mj_run_reads_it():
    assert mj.load("SearchWalk3D", size=16).source.size == (16, 16, 16)  # mj run SearchWalk3D --size 16
    assert mj.load("SearchWalk3D", size=(16, 16, 8)).source.size == (16, 16, 8)
    with pytest.raises(ValueError) as flat:
        mj.load("SearchWalk3D", size=(16, 16))
    assert str(flat.value) == (
        "SearchWalk3D is a 3D model: a size of two sides, 16x16, is a 2D grid (size=: one side for every side,"
        " or three)"
    )
    assert mj.load("GrowthMaze", size=(16, 12)).source.size == (16, 12, 1)  # a 2D model: two sides


def test_a_gif_past_the_frame_bound_is_refused_naming_every(tmp_path):
    endless = '<markov values="BW"><one in="B" out="W"/><one in="W" out="B"/></markov>'
    result = mj.load(endless, size=2).run(1, steps=6000)
    with pytest.raises(ValueError, match=r"the GIF would have 6001 frames, more than 5000: a frame every 2 steps") as e:
        result.save(tmp_path / "long.gif")
    assert "(every 2)" in str(e.value) and not list(tmp_path.iterdir())
    result.save(tmp_path / "long.gif", every=2)
    assert (tmp_path / "long.gif").stat().st_size > 0
