"""Progress bars where people wait: a run's steps (``Model.run``), the runs of a batch (``batch``, ``run_on``).
tqdm's ``auto`` bar: a widget in a notebook, a line on a terminal; without tqdm, a line on stderr."""

from __future__ import annotations

import sys
from typing import Callable, Optional


class ProgressBar:
    """A context giving ``update(done)``, the count so far (None when not ``shown``): a tqdm bar of ``unit``
    up to ``total`` (None: unknown), or a line on stderr rewritten in place when tqdm is not installed."""

    def __init__(self, shown: bool, unit: str, total: Optional[int] = None) -> None:
        self.shown = shown
        self.unit = unit
        self.total = total
        self.bar = None

    def __enter__(self) -> Optional[Callable[[int], None]]:
        if not self.shown:
            return None
        try:
            tqdm = _tqdm()
        except ImportError:
            return lambda done: print(f"\r{done} {self.unit}", end="", file=sys.stderr, flush=True)
        self.bar = tqdm(total=self.total, unit=f" {self.unit}", leave=self.total is not None)
        return lambda done: self.bar.update(done - self.bar.n)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.shown:
            print(file=sys.stderr)


def _tqdm():
    """tqdm.auto's bar (a widget in a notebook), but its text bar beside an ipywidgets older than 7 (Debian 12
    has 6), whose widgets tqdm's cannot style."""
    from tqdm import tqdm
    from tqdm.auto import tqdm as auto

    try:
        import ipywidgets
    except ImportError:
        return auto
    return auto if int(ipywidgets.__version__.split(".")[0]) >= 7 else tqdm
