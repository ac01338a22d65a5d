"""Errors that markovjunior raises."""

from __future__ import annotations


class ModelError(Exception):
    """A problem in a model or in a resource it reads (rule picture, tileset, sample, palette).

    ``file`` and ``line`` say where (``line`` is 0 when the problem is the file as a whole), and
    ``message`` what; ``str(error)`` is ``"file:line: message"`` as ``mj`` prints it, worded by the
    library with this package's names for the settings that would fix it (``steps=``, ``max_cells=``).
    """

    def __init__(self, text: str, file: str, line: int, message: str) -> None:
        super().__init__(text)
        self.file = file
        self.line = line
        self.message = message

    def __reduce__(self):  # so that errors cross process and Dask boundaries intact
        return (type(self), (str(self), self.file, self.line, self.message))


class ModelWarning(UserWarning):
    """Something a model writes that no interpreter reads: an attribute its element does not read (a
    misspelling such as ``symetry``), an element that nothing reads where it stands. ``load`` warns with
    one for each, and the model runs as if it were not there.

    ``file``, ``line`` and ``message`` say where and what; ``str(warning)`` is the library's line
    ``"file:line: warning: message"``, the one ``mj run`` prints.
    """

    def __init__(self, text: str, file: str, line: int, message: str) -> None:
        super().__init__(text)
        self.file = file
        self.line = line
        self.message = message

    def __reduce__(self):
        return (type(self), (str(self), self.file, self.line, self.message))
