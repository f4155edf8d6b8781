"""Reading torch.compile's errors: where in the user's code dynamo stopped, and which torch internal failed.

A failure inside inductor surfaces as dynamo's BackendCompilerFailed whose own message may be empty (an
`AssertionError()` deep in a loop-reordering pass says nothing): the one-line reason names the innermost
torch function and file:line that raised, so a user can report it or search for it.
"""
from __future__ import annotations

import os
import re
import traceback

import torch

_USER_LINE = re.compile(r'File "([^"]+)", line (\d+)')
_TORCH_DIR = f"{os.sep}torch{os.sep}"

# Retried once with these before falling back to eager: the inductor passes that most often fail on a
# new torch release (loop reordering, fusion heuristics, pattern rewrites); the graph stays compiled.
SAFE_INDUCTOR_OPTIONS = {"loop_ordering_after_fusion": False, "aggressive_fusion": False, "epilogue_fusion": False,
                         "pattern_matcher": False, "max_autotune": False}


def safe_options(cuda_graphs: bool) -> dict:
    """The subset of SAFE_INDUCTOR_OPTIONS this torch knows (plus CUDA graphs where the region wants them)."""
    import torch._inductor.config as inductor_config
    options = {k: v for k, v in SAFE_INDUCTOR_OPTIONS.items() if hasattr(inductor_config, k)}
    if cuda_graphs:
        options["triton.cudagraphs"] = True
    return options


def offending_line(err: BaseException) -> str:
    """The innermost user-code line dynamo names in its error, skipping torch's own files."""
    hits = [(f, n) for f, n in _USER_LINE.findall(str(err)) if _TORCH_DIR not in f]
    return f" at {hits[-1][0]}:{hits[-1][1]}" if hits else ""


def is_compile_error(err: BaseException) -> bool:
    return isinstance(err, torch._dynamo.exc.TorchDynamoException)


def is_backend_failure(err: BaseException) -> bool:
    """Inductor (the backend) failed, as opposed to dynamo refusing the user's Python."""
    return isinstance(err, torch._dynamo.exc.BackendCompilerFailed)


def _internal_origin(err: BaseException) -> str:
    """`ErrorType: message in function (torch/path.py:line)` of the innermost torch frame that raised."""
    inner = getattr(err, "inner_exception", None) or err.__cause__ or err
    frames = [f for f in traceback.extract_tb(inner.__traceback__) if _TORCH_DIR in f.filename]
    text = str(inner).strip().splitlines()
    head = f"{type(inner).__name__}: {text[0]}" if text else type(inner).__name__
    if not frames:
        return head
    frame = frames[-1]
    path = frame.filename[frame.filename.rindex(_TORCH_DIR) + 1:]
    return f"{head} in torch's {frame.name} ({path}:{frame.lineno})"


def reason(err: BaseException) -> str:
    """One line saying why compilation gave up."""
    if is_backend_failure(err):
        return f"torch's inductor failed: {_internal_origin(err)}"[:300]
    text = str(err).strip()
    context = re.search(r"Developer debug context: (.+)", text)
    why = context.group(1) if context else (text.splitlines()[0] if text else type(err).__name__)
    if "object has no attribute" in why:
        why += " - a MindSpore-only Tensor method; inside a compiled region tensors have torch's methods"
    return why[:300]
