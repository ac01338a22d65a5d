"""Worlds (markovjunior.World): a region's cells are the same however they are asked for (at once, chunk by chunk in a
shuffled order, in overlapping pieces, in threads, on a Dask cluster of 2 worker processes, one of which dies), the
same as the library writes them, and bad requests get one clear error."""

import os
import pickle
import random

import numpy as np
import pytest

import distributed  # Debian's python3-distributed, which scripts/python.sh installs
import markovjunior as mj
from conftest import CORPUS, ROOT

REGION = (-40, -24, 56, 72)  # 6 x 6 chunks of 16 cells, across the origin


@pytest.fixture(scope="module")
def maze():
    """The arguments of a MazeGrowth world: chunk 16, margin 4, seam 2."""
    corpus = CORPUS
    model = str(corpus / "models" / "MazeGrowth.xml")
    return lambda **given: mj.World(
        model, resources=corpus / "resources", **{"chunk": 16, "margin": 4, "seam": 2, **given}
    )


@pytest.fixture(scope="module")
def whole(maze):
    return maze().region(*REGION)


@pytest.fixture(scope="module")
def client():
    """One LocalCluster of 2 worker processes for the module: a cluster takes seconds to start."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def part(whole, x0, y0, x1, y1):
    return whole[y0 - REGION[1] : y1 - REGION[1], x0 - REGION[0] : x1 - REGION[0]]


def test_a_world_has_the_settings_asked_and_the_librarys_defaults(maze, corpus):
    world = maze(seed=9)
    assert (world.chunk, world.margin, world.seam, world.seed, world.dimension) == (16, 4, 2, 9, 2)
    assert len(world.legend) > 1 and world.colors.shape == (len(world.legend), 3)
    default = mj.World(str(corpus / "models" / "MazeGrowth.xml"), resources=corpus / "resources")
    assert (default.seed, default.chunk) == (mj.DEFAULTS["seed"], mj.DEFAULTS["chunk_2d"])
    assert (default.margin, default.seam) == (default.chunk // 4, default.chunk // 8)


def test_any_order_of_chunks_gives_the_same_cells(maze, whole):
    x0, y0, x1, y1 = REGION
    assert whole.shape == (y1 - y0, x1 - x0) and whole.dtype == np.uint8
    assert len(np.unique(whole)) > 1
    chunks = [(x, y) for y in range(y0, y1, 16) for x in range(x0, x1, 16)]
    random.Random(3).shuffle(chunks)
    one_by_one = maze()
    for x, y in chunks:
        assert np.array_equal(one_by_one[x : x + 16, y : y + 16], part(whole, x, y, x + 16, y + 16))
    assert np.array_equal(maze()[-40:20, -24:72], part(whole, -40, -24, 20, 72))  # two requests that overlap
    assert np.array_equal(maze().region(5, -24, 56, 72), part(whole, 5, -24, 56, 72))
    assert np.array_equal(maze().region(*REGION, threads=2), whole)
    assert not np.array_equal(maze(seed=8).region(*REGION), whole)  # another seed, another world
    assert np.array_equal(pickle.loads(pickle.dumps(maze()))[-40:56, -24:72], whole)


def test_the_cells_are_those_the_library_writes(maze, whole, tmp_path):
    world = maze()
    path = world.save(*REGION, tmp_path / "region.txt")
    lines = open(path).read().split("\n")
    assert lines[0] == f"MazeGrowth {REGION[2] - REGION[0]} {REGION[3] - REGION[1]} 1 {world.seed} 0"
    legend = lines[1]
    written = np.array([[legend.index(s) for s in row] for row in lines[2 : 2 + whole.shape[0]]], dtype=np.uint8)
    assert np.array_equal(written, whole)
    world.save(0, 0, 32, 16, tmp_path / "chunks")  # a folder: a file per chunk, the index last
    assert sorted(os.listdir(tmp_path / "chunks")) == ["chunk_0_0.png", "chunk_1_0.png", "index.json"]


def test_a_3d_world_is_cut_z_y_x():
    world = mj.World('<one values="BW" in="B B" out="W W" steps="30"/>', chunk=4, margin=0, seam=0)
    assert world.dimension == 3
    cells = world[-2:3, 0:4, 1:3]
    assert cells.shape == (2, 4, 5)
    assert np.array_equal(world.region(-2, 0, 1, 3, 4, 3), cells)


def test_a_cluster_makes_the_same_cells(maze, whole, client, tmp_path):
    world = maze()
    with distributed.get_task_stream(client) as stream:
        assert np.array_equal(world.region(*REGION, client=client), whole)
    made = [tuple(int(v) for v in task["key"].split("-", 4)[4].split(",")) for task in stream.data]
    assert sorted(made) == sorted(world.chunks_for(*REGION))  # a task per chunk the region needs, each once
    world.save(*REGION, tmp_path / "dask.txt", client=client)
    maze().save(*REGION, tmp_path / "here.txt")
    assert open(tmp_path / "dask.txt").read() == open(tmp_path / "here.txt").read()


def test_a_wfc_world_is_the_same_every_way(client, corpus):
    """models/KnotWorld.xml (Knots2D's tiles of 5 cells, the corpus's resources): 6 x 6 chunks of 20 cells at once,
    chunk by chunk in a shuffled order, in two overlapping requests, in 2 threads and on the cluster."""
    model = str(ROOT / "models" / "KnotWorld.xml")

    def knots():
        return mj.World(model, resources=corpus / "resources", chunk=20, margin=10, seam=5, seed=5)

    x0, y0, x1, y1 = -60, -60, 60, 60
    whole = knots().region(x0, y0, x1, y1)
    assert whole.shape == (120, 120) and len(np.unique(whole)) == 2
    chunks = [(x, y) for y in range(y0, y1, 20) for x in range(x0, x1, 20)]
    random.Random(5).shuffle(chunks)
    pieces = knots()
    for x, y in chunks:
        assert np.array_equal(pieces[x : x + 20, y : y + 20], whole[y - y0 : y - y0 + 20, x - x0 : x - x0 + 20])
    assert np.array_equal(knots()[x0:10, y0:y1], whole[:, : 10 - x0])
    assert np.array_equal(knots()[-30:x1, y0:y1], whole[:, -30 - x0 :])
    assert np.array_equal(knots().region(x0, y0, x1, y1, threads=2), whole)
    assert np.array_equal(knots().region(x0, y0, x1, y1, client=client), whole)


def patch_workers(client, marker, action):
    """Has each worker's next chunk task (markovjunior.world._loaded_world) do `action` ("die": its process exits;
    "fail": it raises) once across the cluster, the first to create `marker`; the rest go on as before."""

    def install(marker, action):
        import markovjunior.world as w

        original = getattr(w, "_unpatched", w._loaded_world)
        w._unpatched = original

        def once(request):
            try:
                os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                return original(request)
            if action == "die":
                os._exit(1)
            raise mj.ModelError("a task failed on purpose", "test", 0, "a task failed on purpose")

        w._loaded_world = once

    client.run(install, str(marker), action)


def test_a_worker_killed_mid_run_leaves_the_region_to_the_others(maze, whole, client, tmp_path):
    patch_workers(client, tmp_path / "killed", "die")
    assert np.array_equal(maze().region(*REGION, client=client), whole)
    assert (tmp_path / "killed").exists()  # a worker did die on its task
    patch_workers(client, tmp_path / "killed_while_saving", "die")
    maze().save(*REGION, tmp_path / "region.png", client=client)
    assert (tmp_path / "killed_while_saving").exists()
    maze().save(*REGION, tmp_path / "here.png")
    assert open(tmp_path / "region.png", "rb").read() == open(tmp_path / "here.png", "rb").read()


def test_a_failed_task_leaves_no_file(maze, client, tmp_path):
    patch_workers(client, tmp_path / "failed", "fail")
    with pytest.raises(mj.ModelError, match="a task failed on purpose"):
        maze(seed=3).save(*REGION, tmp_path / "out" / "region.png", client=client)
    assert not (tmp_path / "out" / "region.png").exists()


def test_bad_requests_get_one_clear_error(maze, corpus, tmp_path):
    world = maze()
    bad = [
        (lambda: world[0:10], TypeError, r"a 2D world's region is world\[x0:x1, y0:y1\], got world\[0:10\]"),
        (lambda: world[0:10:2, 0:10], ValueError, "x has no step, got 0:10:2"),
        (lambda: world[0:10, :10], ValueError, "a world has no ends: y needs both bounds"),
        (lambda: world[0:10, 0:10, 0:1], TypeError, "a 2D world's region"),
        (lambda: world[10:0, 0:10], ValueError, "a world's region holds no cells with x from 10 to 0"),
        (lambda: world.region(0, 0, 1), TypeError, r"region\(x0, y0, x1, y1\), got 3 bounds"),
        (lambda: world.region(0, 0, 1.5, 2), TypeError, "x1 must be an int, got float"),
        (lambda: world.region(0, 0, 1 << 41, 2), ValueError, "within 2\\^40 cells of its origin"),
        (lambda: world.region(0, 0, 1 << 64, 2), ValueError, "x1 must be a whole number from"),
        (lambda: world.region(0, 0, 1 << 15, 1 << 15), mj.ModelError, "write it to a file, chunk by chunk"),
        (lambda: world.region(0, 0, 4, 4, threads=0), ValueError, "threads must be at least 1"),
        (lambda: world.save(0, 0, 4, 4, tmp_path / "region.gif"), ValueError, "a .png, a .txt or a folder"),
        (lambda: maze(chunk=0), ValueError, "a world's chunk is 1 to "),
        (lambda: maze(margin=17), ValueError, "a world's margin is 0 to its chunk"),
        (lambda: maze(seam=5), ValueError, "a world's seam is 0 to its margin"),
        (lambda: maze(chunk="16"), TypeError, "chunk must be an int"),
        (lambda: maze(size=16), TypeError, "unexpected keyword argument 'size'"),
        (
            lambda: mj.World('<sequence values="BW">\n  <event key="a"><one in="B" out="W"/></event>\n</sequence>'),
            ValueError,
            "^<string>:2: a world runs without inputs, and this <event> waits for one$",
        ),
        (
            lambda: mj.World(
                '<sequence values="BW">\n  <map scale="2 2 1" values="BW"><rule in="B" out="BB/BB"/></map>\n</sequence>'
            ),
            ValueError,
            "^<string>:2: a world pins the cells its chunks end with, and this <map> makes a new grid",
        ),
        (lambda: world.region(*REGION, client="tcp://nowhere"), TypeError, "client must be a Dask distributed.Client"),
    ]
    for call, kind, message in bad:
        with pytest.raises(kind, match=message):
            call()
    assert np.array_equal(world[0:4, 0:4], maze()[0:4, 0:4])  # the world is as good as before


def test_a_dead_client_gets_one_clear_error(maze):
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=":0") as closed:
        pass
    with pytest.raises(RuntimeError, match="the Dask client is closed, not running"):
        maze().region(0, 0, 16, 16, client=closed)
    cluster = distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=":0")
    with distributed.Client(cluster) as orphan:
        cluster.close()  # the client's scheduler is gone: it is not running, whatever it tries next
        with pytest.raises(RuntimeError, match="the Dask client is (connecting|closed), not running"):
            maze().region(0, 0, 16, 16, client=orphan)
