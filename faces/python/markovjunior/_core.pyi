"""Type stubs of mj's C++ extension (the markovjunior package's modules are its public face)."""

from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

Cells = npt.NDArray[np.uint8]
# mj::TileLayer: (tileset, size, mx, my, tiles, names, at)
TileLayer = Tuple[str, int, int, int, List[List[int]], List[str], List[int]]

__version__: str
DEFAULTS: Dict[str, Union[int, str]]  # the library's defaults and bounds (mj/defaults.hpp)

class Settings:
    """mj::RunSettings: what resolve_run decided for a run of a model (pickles)."""

    file: str
    xml: Optional[str]
    source: str
    name: str
    size: Tuple[int, int, int]
    resources: str
    max_cells: int
    steps: int
    pixelsize: int
    iso: bool
    backtrack: bool
    palette: Tuple[Tuple[str, int], ...]
    size_from: str

class Snapshot:
    """mj::Snapshot: a grid at a step with what draws and saves it as its Model does (pickles)."""

    def __init__(
        self,
        settings: Settings,
        cells: Cells,
        legend: str,
        seed: int = 0,
        step: int = 0,
        tiles: Optional[TileLayer] = None,
    ) -> None: ...
    grid: Cells
    legend: str
    seed: int
    step: int
    settings: Settings
    tiles: Optional[TileLayer]
    def colors(self) -> List[int]: ...
    def image(self, pixelsize: Optional[int] = None) -> Cells: ...
    def png(self, pixelsize: Optional[int] = None) -> bytes: ...
    def save(self, file: str, pixelsize: Optional[int] = None) -> None: ...

class Model:
    """mj::Model: one loaded model (markovjunior.Model wraps it)."""

    def __init__(self, settings: Settings) -> None: ...
    def start(self, seed: int, steps: Optional[int] = None) -> None: ...
    def set_pins(self, cells: bytes) -> None: ...
    def set_goal(self, cells: bytes) -> None: ...
    def constraint_cells(self, file: str) -> bytes: ...
    def pinned_shape(self) -> Tuple[int, ...]: ...
    def stop(self) -> None: ...
    def step(self, count: int = 1) -> int: ...
    def run(
        self,
        seed: int,
        steps: Optional[int] = None,
        report: Optional[Callable[[int], None]] = None,
        breakpoints: List[Tuple[int, int]] = [],
    ) -> int: ...
    def advance(
        self,
        steps: Optional[int] = None,
        report: Optional[Callable[[int], None]] = None,
        breakpoints: List[Tuple[int, int]] = [],
        until_waiting: bool = False,
    ) -> int: ...
    def status(self) -> Dict[str, Any]: ...
    def back(self, steps: int) -> None: ...
    def send(self, key: str) -> None: ...
    def inputs(self) -> List[Tuple[int, str]]: ...
    def replay(self, seed: int, inputs: List[Tuple[int, str]], steps: Optional[int] = None) -> int: ...
    def save_inputs(self, file: str) -> None: ...
    @staticmethod
    def read_inputs(file: str) -> List[Tuple[int, str]]: ...
    def notices(self) -> List[Tuple[str, int, str, str]]: ...
    def run_notices(self) -> List[Tuple[str, int, str, str]]: ...
    def breakpoint_hit(self) -> Optional[Tuple[int, int]]: ...
    def set_recording(self, on: bool, max_bytes: int) -> None: ...
    def history_range(self) -> Optional[Tuple[int, int, int]]: ...
    def grid_at(self, step: int) -> Cells: ...
    def image_at(self, step: int, pixelsize: Optional[int] = None) -> Cells: ...
    def node_line(self, step: int) -> int: ...
    def save(self, file: str, pixelsize: Optional[int] = None) -> None: ...
    def save_run(
        self, file: str, seed: int, steps: Optional[int], pixelsize: Optional[int] = None, every: Optional[int] = None
    ) -> None: ...
    def grid(self) -> Cells: ...
    def snapshot(self) -> Snapshot: ...
    def legend(self) -> str: ...
    def tile_layer(self) -> Optional[TileLayer]: ...
    def active_node(self) -> Optional[Tuple[str, int, int]]: ...
    def inspect(self, line: int) -> Dict[str, Any]: ...
    def set_inspecting(self, on: bool) -> None: ...

def file_format(file: str) -> str: ...
def save_file(file: str, data: bytes) -> None: ...
def load_png(file: str) -> Cells: ...
def state_text(name: str, cells: Cells, legend: str, seed: int, steps: int) -> str: ...
def setting_names() -> List[str]: ...
def listed_entry(model: str) -> Optional[dict]: ...
def model_list(file: str) -> List[dict]: ...
def resolve_run(
    model: str,
    xml: Optional[str],
    model_folders: List[str],
    size: List[int],
    steps: Optional[int],
    pixelsize: Optional[int],
    iso: Optional[bool],
    resources: str,
    max_cells: int,
    colors: Dict[str, int],
    backtrack: bool,
    own_pins: bool = False,
    own_goal: bool = False,
) -> Settings: ...
def worker_count(requested: Optional[int]) -> int: ...

Chunk = Tuple[int, int, int]

class World:
    def __init__(
        self,
        model: str,
        xml: Optional[str],
        model_folders: List[str],
        size: List[int],
        steps: Optional[int],
        pixelsize: Optional[int],
        iso: Optional[bool],
        resources: str,
        max_cells: int,
        colors: Dict[str, int],
        backtrack: bool,
        own_pins: bool,
        own_goal: bool,
        seed: Optional[int],
        chunk: Optional[int],
        margin: Optional[int],
        seam: Optional[int],
    ) -> None: ...
    def settings(self) -> Dict[str, Any]: ...
    def needs(self, chunk: Chunk) -> List[Chunk]: ...
    def chunks_for(self, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int) -> List[Chunk]: ...
    def run_chunk(self, chunk: Chunk, needed: List[bytes]) -> bytes: ...
    def keep(self, chunk: Chunk, cells: bytes) -> None: ...
    def region(
        self,
        x0: int,
        y0: int,
        z0: int,
        x1: int,
        y1: int,
        z1: int,
        threads: int = 1,
        elsewhere: Optional[Callable[[List[Chunk]], None]] = None,
    ) -> Cells: ...
    def save(
        self,
        x0: int,
        y0: int,
        z0: int,
        x1: int,
        y1: int,
        z1: int,
        out: str,
        threads: int = 1,
        pixelsize: Optional[int] = None,
        elsewhere: Optional[Callable[[List[Chunk]], None]] = None,
    ) -> None: ...
    def forget(self) -> None: ...

def explore(
    model: str, xml: Optional[str], size: Tuple[int, int, int], resources: str, max_states: Optional[int] = None
) -> dict: ...
def explore_all_grids(
    model: str, xml: Optional[str], size: Tuple[int, int, int], resources: str, max_grids: Optional[int] = None
) -> dict: ...
def backward(
    model: str,
    xml: Optional[str],
    size: Tuple[int, int, int],
    resources: str,
    cells: List[int],
    depth: int,
    garden_of_eden: bool,
    max_states: Optional[int] = None,
) -> dict: ...
def grid_block_plan(
    model: str,
    xml: Optional[str],
    size: Tuple[int, int, int],
    resources: str,
    top: int,
    max_grids: Optional[int] = None,
) -> tuple: ...
def grid_block(
    model: str, xml: Optional[str], size: Tuple[int, int, int], resources: str, plan: tuple, block: int, needed: list
) -> tuple: ...
def grid_dynamics_of_blocks(
    model: str, xml: Optional[str], size: Tuple[int, int, int], resources: str, plan: tuple, blocks: list
) -> dict: ...
