"""A run's record under a slider, for notebooks: the page's own ``<input type="range">`` over pictures
of the record's steps, in plain HTML. No widget library takes part, so it shows the same in Jupyter,
in a notebook saved as HTML and under ``jupyter execute`` (Debian's ipywidgets 6 speaks an older widget
protocol than nbclient's)."""

from __future__ import annotations

import base64
import html
import uuid
from typing import List, Tuple


class Slider:
    """``frames``: (step, the line of the node that worked in it, a PNG of the grid after it), in step
    order; the slider starts at the middle one."""

    def __init__(self, frames: List[Tuple[int, int, bytes]]) -> None:
        if not frames:
            raise ValueError("a slider needs at least one recorded step")
        self.frames = frames

    @property
    def steps(self) -> List[int]:
        return [step for step, _, _ in self.frames]

    def _repr_html_(self) -> str:
        shown = len(self.frames) // 2
        name = f"mj-slider-{uuid.uuid4().hex[:12]}"
        pictures = "".join(
            f'<img alt="{html.escape(_caption(step, line))}" style="image-rendering: pixelated;'
            f'{"" if k == shown else " display: none;"}" src="data:image/png;base64,'
            f'{base64.b64encode(png).decode()}">'
            for k, (step, line, png) in enumerate(self.frames)
        )
        # shows the picture of the slider's value and writes its caption (no <script>: notebooks run an
        # element's handler where they leave scripts out)
        on_input = (
            f"var p=document.getElementById('{name}').getElementsByTagName('img');"
            "for(var i=0;i<p.length;i++)p[i].style.display=i==this.value?'':'none';"
            "this.nextElementSibling.textContent=p[this.value].alt;"
        )
        step, line, _ = self.frames[shown]
        return (
            f'<div><div id="{name}">{pictures}</div>'
            f'<input type="range" min="0" max="{len(self.frames) - 1}" value="{shown}" oninput="{on_input}">'
            f"<span>{html.escape(_caption(step, line))}</span></div>"
        )

    def __repr__(self) -> str:
        return f"<markovjunior.Slider {len(self.frames)} steps from {self.steps[0]} to {self.steps[-1]}>"


def _caption(step: int, line: int) -> str:
    return f"step {step}" + (f", node at line {line}" if line else "")
