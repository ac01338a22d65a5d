"""Dask: a (model, seed) grid on a LocalCluster of 2 worker processes gives the local results."""

import numpy as np

import markovjunior as mj
from markovjunior.distributed import run_on

import distributed  # Debian's python3-distributed, which scripts/python.sh installs


def test_local_cluster_matches_local_runs(corpus):
    models = [(corpus / "models" / "Flowers.xml", (60, 60)), (corpus / "models" / "Keys.xml", None)]
    seeds = [1, 2, 3, 4, 5]
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        for model, size in models:
            remote = run_on(client, str(model), seeds, size=size)
            local = mj.batch(str(model), seeds, size=size, workers=1)
            assert [r.seed for r in remote] == seeds
            for r, l in zip(remote, local):
                assert np.array_equal(r.grid, l.grid) and r.steps == l.steps and r.legend == l.legend
        xml = (corpus / "models" / "Basic.xml").read_text()  # XML text travels with the tasks
        assert [r.steps for r in run_on(client, xml, seeds, size=12)] == [
            mj.load(xml, size=12).run(s).steps for s in seeds
        ]
