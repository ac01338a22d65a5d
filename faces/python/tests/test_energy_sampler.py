"""MarkovJunior, the energy sampler: the write-up's calls, both example energies lowered by a clear margin
against a random grid, the local shortcut equal to whole-grid moves, and seeded runs; energies of the whole grid
only (a target picture, terms wrapping round the sides) sampled on the whole grid, which is said once."""

import re
import warnings

import numpy as np
import pytest

from markovjunior import MarkovJunior, SlowEnergyWarning


def minus_sum(x):
    return -np.sum(x)


def with_gradient(x):
    return -np.sum(x) + 0.1 * np.sum(np.square(np.gradient(x)))


def minus_mean(x):  # not a sum of local terms: each move sees the whole grid
    return -np.mean(x)


@pytest.mark.parametrize("energy", [minus_sum, with_gradient])
def test_the_sampler_lowers_the_energy_by_a_clear_margin(energy):
    sampler = MarkovJunior(64, 64, energy)
    image = sampler.generate()
    assert image.shape == (64, 64) and set(np.unique(image)) <= {0, 1}
    random = energy(sampler.random_grid())
    # a random grid is half ones; at temperature 1 a cell is 1 about e times as often as 0 (73%)
    assert energy(image) < random - 0.15 * 64 * 64, (energy(image), random)
    assert sampler.energies[0] == random and sampler.energies[-1] == energy(image)


def test_the_write_ups_calls_at_its_size():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    mj = MarkovJunior(128, 128, with_gradient)
    image = mj.generate()
    plt.imshow(image, cmap="gray")
    assert image.shape == (128, 128)
    assert mj.reach == 1  # np.gradient reads a cell's neighbours: moves cost the same at any size


def test_local_moves_make_the_grid_whole_grid_moves_make():
    local = MarkovJunior(12, 10, with_gradient, seed=4)
    assert local.reach == 1
    whole = MarkovJunior(12, 10, with_gradient, seed=4)
    whole._reach_known = True  # reach None: every move evaluates the whole grid
    assert np.array_equal(local.generate(), whole.generate())


def test_an_energy_that_is_not_local_is_evaluated_whole():
    sampler = MarkovJunior(16, 16, minus_mean, temperature=0.0005, sweeps=3)
    with pytest.warns(SlowEnergyWarning, match="differ from those on the whole grid"):
        assert sampler.reach is None
    assert sampler.generate().mean() > 0.9  # a move raising the energy by 1/256 is taken once in 2400


def test_seeded_values_and_temperature_zero():
    sampler = MarkovJunior(20, 20, minus_sum, values=(-1, 2, 5), temperature=0, seed=9)
    a, b = sampler.generate(), sampler.generate()
    assert np.array_equal(a, b) and set(np.unique(a)) <= {-1, 2, 5}
    assert not np.array_equal(a, sampler.generate(seed=10))
    assert (a == 5).mean() > 0.7  # at temperature 0 only moves that do not raise the energy: towards 5


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError, match="energy must be a function"):
        MarkovJunior(8, 8, 3)
    with pytest.raises(ValueError, match="width must be at least 1"):
        MarkovJunior(0, 8, minus_sum)
    with pytest.raises(ValueError, match="temperature must be 0 or more"):
        MarkovJunior(8, 8, minus_sum, temperature=-1)
    with pytest.raises(ValueError, match="at least 2 values"):
        MarkovJunior(8, 8, minus_sum, values=(1,))
    assert len(repr(MarkovJunior(8, 8, minus_sum))) < 200


STRIPES = (np.indices((32, 32)).sum(axis=0) // 4 % 2).astype(float)  # a target picture, of the grid's shape


def like_the_target(x):  # fails on a 3x3 window: its shape is the target's
    return np.sum((x - STRIPES) ** 2)


def periodic(x):  # its terms wrap round the sides: on a window they are another energy's
    return np.sum(np.square(x - np.roll(x, 1, axis=0))) + np.sum(np.square(x - np.roll(x, 1, axis=1)))


@pytest.mark.parametrize(
    "energy, why",
    [
        (like_the_target, r"it fails on a window of the grid \(ValueError: operands could not be broadcast"),
        (periodic, "its changes on windows of the grid differ from those on the whole grid"),
    ],
)
def test_an_energy_of_any_shape_is_sampled_and_its_slow_path_said_once(energy, why):
    sampler = MarkovJunior(32, 32, energy)
    with pytest.warns(SlowEnergyWarning) as said:
        image = sampler.generate()
    assert len(said) == 1 and "whole 32x32 grid at every move" in str(said[0].message), [str(w.message) for w in said]
    assert re.search(why, str(said[0].message)) and "np.diff rather than np.roll" in str(said[0].message)
    start, *_, end = sampler.energies
    assert end == energy(image) and end < 0.75 * start, sampler.energies  # lowered: the moves were taken
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once: the next run says nothing
        sampler.generate(seed=1)


def test_an_energy_that_fails_on_the_whole_grid_raises_its_own_error():
    def broken(x):
        raise ArithmeticError("the user's own")

    with pytest.raises(ArithmeticError, match="the user's own"):
        MarkovJunior(8, 8, broken).generate()


@pytest.mark.parametrize("energy", [lambda x: -x, lambda x: [0.0, 1.0], lambda x: "low"])
def test_an_energy_that_is_not_a_number_is_refused_with_a_hint(energy):
    """An energy returning the grid (-x, not -x.sum()) gave numpy's "only size-1 arrays can be converted"."""
    with pytest.raises(TypeError, match="the energy must return a number"):
        MarkovJunior(8, 8, energy).generate()
    with pytest.raises(TypeError, match="the energy must return a number"):
        MarkovJunior(8, 8, energy).reach
