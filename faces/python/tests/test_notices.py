"""What a model writes that nothing reads warns with markovjunior.ModelWarning (the library's notice: its file,
line and message), and the model runs as without it."""

import pickle
import warnings

import numpy as np
import pytest

import markovjunior as mj

PLAIN = '<one values="BW" in="B" out="W" steps="5"/>'
TYPO = '<one values="BW" in="B" out="W" steps="5"\n     symetry="()"><rul/></one>'


def test_a_typo_warns_with_file_line_and_the_librarys_words(tmp_path):
    model = tmp_path / "Typo.xml"
    model.write_text(TYPO)
    with pytest.warns(mj.ModelWarning) as caught:
        loaded = mj.load(str(model), size=6)
    assert len(caught) == 2
    symetry, rul = (w.message for w in caught)
    assert (symetry.file, symetry.line) == (str(model), 2)
    assert symetry.message.startswith("unknown attribute 'symetry' on <one>; did you mean 'symmetry'? <one> reads: ")
    assert str(symetry) == f"{model}:2: warning: {symetry.message}"
    assert rul.message == "unknown element <rul> in <one>; did you mean <rule>? <one> reads: <field>, <observe>, <rule>"
    assert caught[0].filename == __file__  # the warning points at the load() that loaded the model
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        plain = mj.load(PLAIN, size=6)  # a model written right: no warning
    assert np.array_equal(loaded.run(3).grid, plain.run(3).grid)


def test_a_warning_can_be_made_an_error_and_crosses_processes():
    with warnings.catch_warnings():
        warnings.simplefilter("error", mj.ModelWarning)
        with pytest.raises(mj.ModelWarning) as raised:
            mj.load(TYPO, size=6)
    again = pickle.loads(pickle.dumps(raised.value))
    assert (again.file, again.line, again.message, str(again)) == (
        raised.value.file,
        raised.value.line,
        raised.value.message,
        str(raised.value),
    )
    assert isinstance(again, UserWarning)


def test_a_wfc_that_gives_up_warns_after_the_run():
    from conftest import CORPUS

    model = mj.load(str(CORPUS / "models" / "Escher.xml"), size=10)  # no collapse at 10: every try contradicts
    with pytest.warns(mj.ModelWarning) as caught:
        model.run(1)
    (gave_up,) = (w.message for w in caught)
    assert gave_up.file.endswith("Escher.xml") and gave_up.line > 0
    assert gave_up.message.startswith("wfc found no good seed in 1000 tries")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mj.load(str(CORPUS / "models" / "Escher.xml"), size=6).run(1)  # its own size collapses: no warning


def test_backtracking_finishes_what_the_retries_give_up_on():
    from conftest import CORPUS

    escher = str(CORPUS / "models" / "Escher.xml")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no wfc gives up
        result = mj.load(escher, size=10, backtrack=True).run(1)
    assert mj.load(escher, size=10, backtrack=True).source.backtrack
    again = pickle.loads(pickle.dumps(mj.load(escher, size=10, backtrack=True)))  # the setting crosses processes
    assert np.array_equal(again.run(1).grid, result.grid)
    with pytest.warns(mj.ModelWarning):
        unfinished = mj.load(escher, size=10).run(1)
    assert not np.array_equal(unfinished.grid, result.grid)


def test_a_missed_goal_warns_after_the_run_and_a_met_one_does_not():
    model = mj.load("PathThrough")  # models/demo.xml: goal="PathThrough_goal.png" paints (11, 4) W
    with pytest.warns(mj.ModelWarning) as caught:
        model.run(4)  # its search finds no trajectory (issue 59)
    texts = [w.message.message for w in caught]
    assert any(t.startswith("the search found no way to the goal") for t in texts), texts
    assert any("the run ended with the goal unmet" in t and "(11, 4) B where the goal has W" for t in texts), texts
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert model.run(1).grid[4, 11] == model.legend.index("W")
