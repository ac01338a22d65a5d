"""--all-grids over Dask: blocks as tasks on a LocalCluster give one process's dynamics, JSON byte for byte."""

import pytest

import markovjunior as mj
from markovjunior.distributed import explore_all_grids_on

import distributed  # Debian's python3-distributed, which scripts/python.sh installs

DIMERS = '<one values="BR" in="BB" out="RR"/>'


def test_blocks_on_a_local_cluster_are_one_process():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        for xml, size, top in [
            (DIMERS, (4, 4), 4),
            (DIMERS, (5, 3), 2),
            ('<prl values="RB" in="RB" out="BB"/>', (3, 3), 3),
            ('<one values="BRW"><rule in="BB" out="RW"/><rule in="RB" out="WW"/></one>', (3, 2), 2),
        ]:
            remote = explore_all_grids_on(client, xml, size=size, top=top)
            local = mj.explore_all_grids(xml, size=size)
            assert remote.json == local.json
            assert remote.classes == local.classes
            assert (remote.undecided, remote.transitions) == (local.undecided, local.transitions)
        with pytest.raises(mj.ModelError, match="every write raises its cell's value"):
            explore_all_grids_on(
                client, '<one values="BW"><rule in="B" out="W"/><rule in="WW" out="BB"/></one>', size=(3, 1)
            )


def test_a_space_of_2_to_the_24_grids_splits_into_64_blocks():
    """Dimers on 6x4: 16,777,216 grids in 64 tasks, the same JSON as one process."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        remote = explore_all_grids_on(client, DIMERS, size=(6, 4), top=6, max_grids=2**24)
    local = mj.explore_all_grids(DIMERS, size=(6, 4), max_grids=2**24)
    assert local.json == remote.json
    assert "16777216" in local.json
