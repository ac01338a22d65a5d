"""``generate``: a model by path, XML text or name, run once, returned as a picture."""

from __future__ import annotations

from typing import Optional, Union

import numpy as np

from .model import Model, load
from .source import PathOrXml, Size, Source

ModelLike = Union[Model, Source, PathOrXml]


def generate(
    model: ModelLike,
    *,
    size: Optional[Size] = None,
    seed: Optional[int] = None,
    steps: Optional[int] = None,
    pixelsize: Optional[int] = None,
) -> np.ndarray:
    """Runs ``model`` once and returns its picture, an ``(H, W, 3)`` ``uint8`` array.

    ``model`` is a Model, a Source, a model file, XML text, or a name: ``models/NAME.xml`` of the
    current folder (a reference-style corpus with its models.xml), else one of mj's own models
    (``MODELS``). Size, step limit, seed, pixel size and colours are decided as ``load`` decides them (a
    listed model's entry, its first seed as ``mj run`` runs it, else the defaults); the arguments given
    override them. 3D grids are drawn isometric.
    """
    result = resolve(model, size=size, steps=steps, pixelsize=pixelsize).run(seed, steps)
    return result.image(pixelsize)


def resolve(
    model: ModelLike,
    *,
    size: Optional[Size] = None,
    steps: Optional[int] = None,
    pixelsize: Optional[int] = None,
    resources: Optional[PathOrXml] = None,
) -> Model:
    """The Model that ``model`` names: a Model as it is, a Source loaded, else ``load(model, ...)``.
    (A Model or a Source keeps its own settings: ``steps`` given to ``run`` overrides its limit.)"""
    if isinstance(model, Model):
        return model
    if isinstance(model, Source):
        return Model(model)
    return load(model, size=size, steps=steps, pixelsize=pixelsize, resources=resources)
