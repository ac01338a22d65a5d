"""Pictures: image() is the PNG that `mj run` writes for the same run; save() writes its files."""

import subprocess

import numpy as np
import pytest

import markovjunior as mj
from markovjunior import _core


def mj_run(mj_cli, *args):
    done = subprocess.run([str(mj_cli), "run", *map(str, args), "-q"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    "name,size,seed,pixelsize",
    [("Flowers", (60, 60), 3, 3), ("MazeGrowth", (30, 20), 2, 1), ("BasicDijkstraDungeon", (40, 40), 1, 4)],
)
def test_image_is_the_png_of_mj_run(corpus, mj_cli, tmp_path, name, size, seed, pixelsize):
    model_file = corpus / "models" / f"{name}.xml"
    mj_run(
        mj_cli,
        model_file,
        "--length",
        size[0],
        "--width",
        size[1],
        "--seed",
        seed,
        "--pixelsize",
        pixelsize,
        "--out",
        tmp_path,
    )
    result = mj.load(model_file, size=size).run(seed, 50000)
    written = _core.load_png(str(tmp_path / f"{name}_{seed}.png"))
    assert np.array_equal(result.image(pixelsize), written)
    saved = result.save(tmp_path / "saved.png", pixelsize=pixelsize)
    assert np.array_equal(_core.load_png(saved), written)


def test_3d_pictures_are_those_of_mj_run(mj_cli, tmp_path):
    own = mj.MODELS + "/SearchWalk3D.xml"
    mj_run(mj_cli, own, "--size", 12, "--d", 3, "--iso", "--pixelsize", 5, "--out", tmp_path / "iso")
    mj_run(mj_cli, own, "--size", 12, "--d", 3, "--out", tmp_path / "vox")
    image = mj.generate("SearchWalk3D", size=(12, 12, 12), steps=50000, pixelsize=5)
    assert np.array_equal(image, _core.load_png(str(tmp_path / "iso" / "SearchWalk3D_1.png")))
    result = mj.load(own, size=(12, 12, 12)).run(1, 50000)
    assert result.is_3d
    assert np.array_equal(result.image(5), image)  # drawn isometric, as generate draws it
    with pytest.raises(ValueError, match="no flat picture"):
        result.image(5, iso=False)
    saved = result.save(tmp_path / "saved.vox")
    assert open(saved, "rb").read() == (tmp_path / "vox" / "SearchWalk3D_1.vox").read_bytes()


def test_generate_takes_the_entry_of_demo_xml(mj_cli, tmp_path):
    # size, steps, pixel size, colours and seed: demo.xml's (both take the entry's first seed, 7)
    mj_run(mj_cli, mj.MODELS + "/GrowthMaze.xml", "--out", tmp_path)
    image = mj.generate("GrowthMaze", pixelsize=6)
    assert np.array_equal(image, _core.load_png(str(tmp_path / "GrowthMaze_7.png")))


def gif_frames(file):
    """The frames of a GIF as RGB arrays, as a viewer shows them (Pillow, Debian's python3-pil)."""
    from PIL import Image, ImageSequence

    with Image.open(file) as gif:
        return [np.array(frame.convert("RGB")) for frame in ImageSequence.Iterator(gif)]


def test_a_gif_is_the_animation_of_the_run(corpus, tmp_path):
    result = mj.load(corpus / "models" / "Flowers.xml", size=(30, 30)).run(1)
    gif = result.save(tmp_path / "flowers.gif", pixelsize=2, every=10)
    assert open(gif, "rb").read(6) == b"GIF89a"
    frames = gif_frames(gif)
    assert len(frames) == 1 + result.steps // 10 + (result.steps % 10 != 0)  # the start, every 10 steps, the end
    assert not np.array_equal(frames[0], frames[-1])
    assert np.array_equal(frames[-1], result.image(2))
    assert np.array_equal(frames[-1], _core.load_png(result.save(tmp_path / "flowers.png", pixelsize=2)))


def test_a_gif_stops_where_the_run_stopped(corpus, tmp_path):
    result = mj.load(corpus / "models" / "Flowers.xml", size=(30, 30)).run(1, steps=25)
    frames = gif_frames(result.save(tmp_path / "part.gif", pixelsize=1, every=5))
    assert len(frames) == 6 and np.array_equal(frames[-1], result.image(1))


def test_notebooks_show_a_result_as_its_png(corpus):
    model = mj.load(corpus / "models" / "Basic.xml", size=8)
    assert model._repr_png_() is None  # nothing run yet
    result = model.run(1)
    png = result._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert png == model._repr_png_()
    assert np.array_equal(_png_array(png), result.image())  # at the source's pixel size


def _png_array(png):
    from PIL import Image
    import io

    return np.array(Image.open(io.BytesIO(png)).convert("RGB"))


def test_colors(corpus):
    result = mj.load(corpus / "models" / "Basic.xml", size=8).run(1)
    colors = result.colors()
    assert colors.shape == (2, 3)
    image = result.image(1)
    assert np.array_equal(image[0, 0], colors[result.grid[0, 0]])


def test_grid_view_is_read_only_and_outlives_its_run(corpus):
    model = mj.load(corpus / "models" / "Basic.xml", size=8)
    model.start(1)
    view = model.grid
    assert not view.flags.writeable and view.base is not None
    with pytest.raises(ValueError):
        view[0, 0] = 1
    before = np.array(view)
    model.step()
    assert not np.array_equal(view, before)  # a view: it follows the run
    model.run(2)
    del model  # the view keeps the cells it shows alive
    assert view.shape == (8, 8) and int(view.sum()) >= 0


def test_result_and_model_pickle(corpus):
    import pickle

    model = mj.load(corpus / "models" / "MazeGrowth.xml", size=20)
    result = model.run(4)
    again = pickle.loads(pickle.dumps(result))
    assert np.array_equal(again.grid, result.grid) and again.legend == result.legend
    assert np.array_equal(again.image(2), result.image(2))
    copy = pickle.loads(pickle.dumps(model))
    assert np.array_equal(copy.run(4).grid, result.grid)


def test_a_2d_grid_is_an_image_for_matplotlib(corpus):
    """plt.imshow takes a 2D result's grid as it is: (my, mx), rows first; 3D grids keep (mz, my, mx)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    result = mj.load(corpus / "models" / "MazeGrowth.xml", size=(30, 20)).run(2)
    assert result.grid.shape == (20, 30) and not result.is_3d
    shown = plt.imshow(result.grid)
    assert shown.get_array().shape == (20, 30)
    plt.close("all")
    model = mj.load(mj.MODELS + "/SearchWalk3D.xml", size=(6, 5, 4))
    assert model.run(1, 20).grid.shape == (4, 5, 6) and model.grid.shape == (4, 5, 6)


def test_engines_files_are_those_of_mj_run(mj_cli, tmp_path):
    """save(".glb") and save(".tmj") write the bytes that mj run --gltf and --tiled write."""
    model = mj.load('<one values="BW" origin="True" in="WB" out="WW"/>', size=(6, 5, 4))
    result = model.run(1)
    result.save(tmp_path / "py.glb")
    result.save(tmp_path / "py.tmj")
    xml = tmp_path / "M.xml"
    xml.write_text('<one values="BW" origin="True" in="WB" out="WW"/>')
    subprocess.run(
        [
            mj_cli,
            "run",
            str(xml),
            "--length",
            "6",
            "--width",
            "5",
            "--height",
            "4",
            "--seed",
            "1",
            "--gltf",
            str(tmp_path / "cli.glb"),
            "--tiled",
            str(tmp_path / "cli.tmj"),
            "--no-picture",
            "-q",
        ],
        check=True,
    )
    assert (tmp_path / "py.glb").read_bytes()[:4] == b"glTF"
    assert (tmp_path / "py.glb").read_bytes() == (tmp_path / "cli.glb").read_bytes()
    assert (tmp_path / "py_tiles.png").read_bytes() == (tmp_path / "cli_tiles.png").read_bytes()
    py_map = (tmp_path / "py.tmj").read_text().replace("py_tiles.png", "cli_tiles.png")
    assert py_map == (tmp_path / "cli.tmj").read_text()
    with pytest.raises(ValueError, match=r"give it \.png, \.vox, \.glb, \.tmj, \.gif or \.txt"):
        result.save(tmp_path / "x.bmp")


def test_a_tile_models_tmj_is_that_of_mj_run(corpus, mj_cli, tmp_path):
    """Knots2D (a 2D tile wfc model, its models.xml entry): save(".tmj") writes the map of its tiles and
    their atlas as mj run --tiled writes them, also after a pickle (the Result keeps its tiles)."""
    import pickle

    model_file = corpus / "models" / "Knots2D.xml"
    result = mj.load(model_file).run(5)
    pickle.loads(pickle.dumps(result)).save(tmp_path / "py.tmj")
    mj_run(mj_cli, model_file, "--seed", 5, "--tiled", tmp_path / "cli.tmj", "--no-picture")
    cli_map = (tmp_path / "cli.tmj").read_text()
    assert '"tilesets":[{"firstgid":1,"name":"palette"' not in cli_map  # the tileset of tile pictures
    assert (tmp_path / "py_tiles.png").read_bytes() == (tmp_path / "cli_tiles.png").read_bytes()
    assert (tmp_path / "py.tmj").read_text().replace("py_tiles.png", "cli_tiles.png") == cli_map


def test_a_non_tile_model_gets_the_palette_tileset(tmp_path):
    result = mj.load('<one values="BW" origin="True" in="WB" out="WW"/>', size=(8, 8, 1)).run(1)
    assert result._snapshot.tiles is None
    result.save(tmp_path / "p.tmj")
    assert '"tilesets":[{"firstgid":1,"name":"palette"' in (tmp_path / "p.tmj").read_text()
    atlas = _core.load_png(str(tmp_path / "p_tiles.png"))
    colors = result.colors()
    assert atlas.shape[0] == result.source.pixelsize  # one row of tiles, a colour each
    assert {tuple(atlas[0, x]) for x in range(atlas.shape[1])} == {tuple(c) for c in colors}


def test_a_result_is_the_librarys_snapshot_and_pickles_as_it():
    """A Result wraps the library's snapshot of its grid (cells, step, seed, legend, settings): pickled, the
    same grid, drawn and written alike; its settings are the library's own, not a dict."""
    import pickle

    result = mj.load("GrowthMaze", size=21, colors={"W": 0x123456}).run(4)
    assert isinstance(result.source.settings, _core.Settings)
    again = pickle.loads(pickle.dumps(result))
    assert (again.seed, again.steps, again.legend) == (result.seed, result.steps, result.legend)
    assert np.array_equal(again.grid, result.grid)
    assert np.array_equal(again.image(2), result.image(2))
    assert np.array_equal(again.colors(), result.colors())
    assert again.state_text() == result.state_text()
    assert again.source == result.source and hash(again.source) == hash(result.source)
    assert dict(again.source.palette)["W"] == 0xFF123456
