"""One resolver: load(), generate() and batch() take a path, XML text or a name, and what is not given
is decided by the library (mj::resolve_run) as for `mj run`: a listed entry's size, steps, pixel size
and colours, else 64 x 64 (2D) or 24 x 24 x 24 (3D rules). Python adds no defaults of its own."""

import numpy as np
import pytest

import markovjunior as mj
from markovjunior import _core

FLAT = '<one values="BW" in="B" out="W"/>'
SOLID = '<one values="BW" in="B B" out="W W"/>'  # a pattern of two layers: 3D rules


def test_a_model_alone_takes_the_librarys_defaults():
    flat = mj.load(FLAT)
    assert flat.source.size == (64, 64, 1) and flat.source.pixelsize == 4
    assert flat.run(1).grid.shape == (64, 64)
    assert mj.load(SOLID).source.size == (24, 24, 24)


def test_one_size_is_every_side_of_a_3d_model():
    model = mj.load(SOLID, size=8)
    assert model.source.size == (8, 8, 8)
    assert model.run(1).grid.shape == (8, 8, 8)
    assert mj.load(FLAT, size=(5, 7)).run(1).grid.shape == (7, 5)


def test_a_listed_model_by_name_path_or_generate_has_its_entrys_settings(corpus, monkeypatch):
    monkeypatch.chdir(corpus)  # names are looked for in ./models
    entry = _core.listed_entry("models/Apartemazements.xml")
    by_name, by_path = mj.load("Apartemazements"), mj.load("models/Apartemazements.xml")
    for model in (by_name, by_path):
        assert (model.source.size, model.source.steps) == (entry["size"], entry["steps"])
        assert (model.source.pixelsize, model.source.iso) == (entry["pixelsize"], entry["iso"])
    assert by_name.source == by_path.source
    result = by_name.run(1)
    assert result.is_3d  # (its map scales the 8 x 8 x 8 grid up)
    assert np.array_equal(mj.generate("Apartemazements"), result.image(entry["pixelsize"], iso=True))


def test_a_run_given_no_seed_runs_the_entrys_first_seed_as_mj_run_does():
    """generate() ran seed 1 whatever the entry listed, and run() and start() wanted a seed: now all three take the
    entry's first (GrowthMaze's in demo.xml: 7, LightCycle's: 3), as ``mj run`` does; a model alone the default."""
    assert mj.load("GrowthMaze").source.seed == 7 and mj.load("LightCycle").source.seed == 3
    assert np.array_equal(mj.generate("GrowthMaze", size=21), mj.generate("GrowthMaze", size=21, seed=7))
    assert not np.array_equal(mj.generate("GrowthMaze", size=21), mj.generate("GrowthMaze", size=21, seed=1))
    model = mj.load("GrowthMaze", size=21)
    assert model.run().seed == 7
    model.start()
    assert model.resume().seed == 7
    assert mj.load(FLAT, size=3).run().seed == mj.DEFAULTS["seed"] == mj.load(FLAT).source.seed


def test_pictures_default_to_the_entrys_pixel_size(tmp_path):
    result = mj.load("GrowthMaze").run(1)  # mj's own, listed in demo.xml with pixelsize 6
    mx, my, _ = result.source.size
    assert result.image().shape == (6 * my, 6 * mx, 3)
    assert mj.generate("GrowthMaze").shape == (6 * my, 6 * mx, 3)
    assert np.array_equal(_core.load_png(result.save(tmp_path / "maze.png")), result.image())


def test_colours_given_go_over_the_palette_and_a_bad_symbol_is_the_librarys_error():
    result = mj.load(FLAT, size=4, colors={"W": 0x123456}).run(1)
    assert result.colors()[result.legend.index("W")].tolist() == [0x12, 0x34, 0x56]
    with pytest.raises(ValueError, match="a colour's symbol is one character, got 'BW'"):
        mj.load(FLAT, size=4, colors={"BW": 0})


def test_messages_name_pythons_settings():
    with pytest.raises(mj.ModelError) as raised:
        mj.load(FLAT, size=8, max_cells=10)
    assert str(raised.value) == "<string>:1: " + raised.value.message
    assert raised.value.message.endswith("raise the limit with max_cells=)")
    with pytest.raises(ValueError, match="^pixelsize= must be from 1 to 64 pixels, got 0$"):
        mj.load(FLAT, pixelsize=0)


def test_loads_keywords_are_the_one_list_every_loader_takes():
    # load() shows its keywords to help(); they are Request's, with the same defaults, and forwarded by name
    import dataclasses
    import inspect

    from markovjunior.source import Request, resolve_source

    shown = inspect.signature(mj.load).parameters
    for field in dataclasses.fields(Request):
        assert shown[field.name].kind == inspect.Parameter.KEYWORD_ONLY
        assert shown[field.name].default == field.default
    assert mj.load(FLAT, size=(5, 7), steps=3).source.steps == 3
    with pytest.raises(TypeError):
        resolve_source(FLAT, sise=5)


@pytest.mark.parametrize("given", ["False", "no", "True", 1, None])
def test_a_switch_takes_true_or_false_only(given):
    """backtrack="False" and "no" turned backtracking on, while steps="3" was a TypeError: a switch is a bool too."""
    with pytest.raises(TypeError, match="backtrack must be True or False"):
        mj.load('<one values="BW" in="B" out="W"/>', size=4, backtrack=given)
    model = mj.load('<one values="BW" in="B" out="W"/>', size=4, backtrack=np.bool_(False))
    with pytest.raises(TypeError, match="on must be True or False"):
        model.record("no")
    with pytest.raises(TypeError, match="inspecting must be True or False"):
        model.inspecting = "False"
