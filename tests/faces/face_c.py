"""The C interface as a face, through ctypes on libmj.so: a run as `mj run` makes it (its state text,
its picture named NAME_SEED, its line) and the shared bad inputs worded with `mj run`'s flags, which the
library gives (mj_command_line_setting_names)."""

import ctypes
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIB = Path(os.environ.get("MJ_LIB") or ROOT / "build" / "capi" / "libmj.so")
UNSET = -(2**31)
STATUS = {1: "model", 2: "argument", 3: "memory", 4: "internal", 5: "missing_file", 6: "io", 7: "limit"}


class LoadOptions(ctypes.Structure):
    _fields_ = [(name, ctypes.c_int) for name in ("size", "length", "width", "height", "dimension")] + [
        ("steps", ctypes.c_int),
        ("pixelsize", ctypes.c_int),
        ("iso", ctypes.c_int),
        ("max_cells", ctypes.c_longlong),
        ("resources", ctypes.c_char_p),
        ("name", ctypes.c_char_p),
        ("setting_names", ctypes.POINTER(ctypes.c_char_p)),
        ("backtrack", ctypes.c_int),
        ("pins", ctypes.c_char_p),
        ("goal", ctypes.c_char_p),
    ]


class CFailure(Exception):
    """A C call's status and the thread's last error: the C interface's own way to fail."""

    def __init__(self, status, text):
        super().__init__(text)
        self.kind = STATUS.get(status, str(status))
        self.text = text


def library():
    lib = ctypes.CDLL(str(LIB))
    lib.mj_last_error_text.restype = ctypes.c_char_p
    lib.mj_command_line_setting_names.restype = ctypes.POINTER(ctypes.c_char_p)
    lib.mj_run_summary.restype = ctypes.c_char_p
    lib.mj_run_summary.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.mj_model_free.argtypes = [ctypes.c_void_p]
    for name in ("mj_run", "mj_state_text", "mj_save_picture"):
        getattr(lib, name).argtypes = None
    for name in ("file", "message", "text"):
        getattr(lib, f"mj_model_notice_{name}").restype = ctypes.c_char_p
        getattr(lib, f"mj_model_notice_{name}").argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.mj_model_notice_line.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.mj_model_notice_count.argtypes = [ctypes.c_void_p]
    return lib


def setting_names():
    """The C interface's words for `mj run`'s settings (mj_command_line_setting_names), in their order."""
    names = library().mj_command_line_setting_names()
    return [names[k].decode() for k in range(7)]


def check(lib, status):
    if status != 0:
        raise CFailure(status, lib.mj_last_error_text().decode())


# `mj run`'s flags as the C options they set.
FLAGS = {"--size": "size", "--length": "length", "--width": "width", "--height": "height", "--d": "dimension"}
FLAGS.update({"--steps": "steps", "--pixelsize": "pixelsize"})


def run(model, seed, out, args=()):
    """Loads, runs and saves as `mj run MODEL --seed SEED --out OUT ARGS --state OUT/state.txt`: returns
    (the state text, the picture's path, the line mj prints). Raises CFailure."""
    lib = library()
    options = LoadOptions()
    lib.mj_load_options_init(ctypes.byref(options))
    options.setting_names = lib.mj_command_line_setting_names()
    args = list(args)
    for flag, value in zip(args[::2], args[1::2]):
        setattr(options, FLAGS[flag], int(value))
    handle = ctypes.c_void_p()
    check(lib, lib.mj_model_load(str(model).encode(), ctypes.byref(options), ctypes.byref(handle)))
    try:
        check(lib, lib.mj_run(handle, ctypes.c_int(seed), ctypes.c_int(UNSET), None, None, None))
        check(lib, lib.mj_write_state(handle, str(Path(out) / "state.txt").encode()))
        written = ctypes.c_char_p()
        check(lib, lib.mj_save_picture(handle, str(out).encode(), ctypes.byref(written)))
        picture = written.value.decode()
        return (Path(out) / "state.txt").read_text(), picture, lib.mj_run_summary(handle, picture.encode()).decode()
    finally:
        lib.mj_model_free(handle)


def notices(model):
    """The notices of `model` loaded as `mj run` loads it: (file, line, message, text) each."""
    lib = library()
    handle = ctypes.c_void_p()
    check(lib, lib.mj_model_load(str(model).encode(), None, ctypes.byref(handle)))
    try:
        return [
            (
                lib.mj_model_notice_file(handle, i).decode(),
                lib.mj_model_notice_line(handle, i),
                lib.mj_model_notice_message(handle, i).decode(),
                lib.mj_model_notice_text(handle, i).decode(),
            )
            for i in range(lib.mj_model_notice_count(handle))
        ]
    finally:
        lib.mj_model_free(handle)
