"""``generate``: a model by path, XML text or name, run once, returned as a picture."""

from __future__ import annotations

import os
from typing import Optional, Tuple, Union

import numpy as np

from . import _core
from .model import Model, PathOrXml, Size, Source, is_xml_text, source_of

MODELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "models")
"""mj's own models (GrowthMaze, BacktrackerMaze, ...), installed with the package."""

ModelLike = Union[Model, Source, PathOrXml]


def generate(
    model: ModelLike, *, size: Optional[Size] = None, seed: int = 1, steps: int = 0, pixelsize: int = 1
) -> np.ndarray:
    """Runs ``model`` once and returns its picture, an ``(H, W, 3)`` ``uint8`` array.

    ``model`` is a Model, a model file, XML text, or a name: ``models/NAME.xml`` of the current folder
    (a reference-style corpus with its models.xml), else one of mj's own models (``MODELS``). A model
    listed in a models.xml beside it (or mj's demo.xml) takes its size, step limit and colours from
    its entry, as ``mj run`` does; ``size`` and ``steps > 0`` override them. 3D grids are drawn
    isometric.
    """
    chosen, limit = resolve(model, size=size, steps=steps)
    result = chosen.run(seed, limit)
    return result.image(pixelsize, iso=result.is_3d)


def resolve(
    model: ModelLike, *, size: Optional[Size] = None, steps: int = 0, resources: Optional[PathOrXml] = None
) -> Tuple[Model, int]:
    """The Model that ``model`` names and its step limit: ``steps`` when positive, else its entry's."""
    if isinstance(model, Model):
        return model, steps
    if isinstance(model, Source):
        return Model(model), steps
    if is_xml_text(model):
        return Model(source_of(model, size=_required(size), resources=resources)), steps
    path = find_model(model)
    entry = _core.listed_entry(path)
    if size is None:
        size = entry["size"] if entry else _required(size)
    if steps <= 0 and entry:
        steps = entry["steps"]
    colors = entry["colors"] if entry else None
    return Model(source_of(path, size=size, resources=resources, colors=colors)), steps


def find_model(model: PathOrXml) -> str:
    """The file of a model given as a path or a name (see ``generate``)."""
    if not isinstance(model, (str, os.PathLike)):
        raise TypeError(f"a model is a Model, a path, XML text or a name, got {type(model).__name__}")
    path = os.fspath(model)
    if os.path.exists(path) or os.sep in path or path.endswith(".xml"):
        return path  # a missing file is reported by the loader, with its name
    for folder in ("models", MODELS):
        candidate = os.path.join(folder, path + ".xml")
        if os.path.isfile(candidate):
            return candidate
    raise ValueError(f"no model named {path!r}: not in ./models nor among mj's own ({', '.join(own_models())})")


def own_models() -> list:
    """The names of mj's own models."""
    return sorted(f[:-4] for f in os.listdir(MODELS) if f.endswith(".xml") and f != "demo.xml")


def _required(size: Optional[Size]) -> Size:
    if size is None:
        raise ValueError("give size=: the model is not listed in a models.xml beside it")
    return size
