"""Parity of `mindspore.graph` (new in MindSpore 2.10): a plugin that cannot be loaded makes register_custom_pass
return False; the argument checks of register_custom_pass/register_custom_backend; CustomPassType's members; and the
jit decorators' new homes (graph.api, jit_config, mutable, lazy_inline, no_inline, symbol) being the same objects
`mindspore` binds."""
import os
import tempfile

import mindspore as ms
import mindspore.graph as graph
import mindspore.graph.api as graph_api
import mindspore.graph.jit_config as graph_jit_config
import mindspore.graph.lazy_inline as graph_lazy_inline
import mindspore.graph.mutable as graph_mutable
import mindspore.graph.no_inline as graph_no_inline
import mindspore.graph.symbol as graph_symbol

COMPILED_PASS = False  # registration calls: no network


def _call(fn):
    try:
        return {"value": fn()}
    except Exception as exc:  # noqa: BLE001 - the error type is the result
        return {"error": type(exc).__name__}


def case_register_custom_pass():
    missing = os.path.join(tempfile.gettempdir(), "mindshim_no_such_plugin.so")
    return {"missing_plugin": _call(lambda: graph.register_custom_pass("my_pass", missing)),
            "missing_plugin_full_graph": _call(lambda: graph.register_custom_pass(
                "my_pass", missing, "cpu", graph.CustomPassType.FULL_GRAPH)),
            "int_pass_type": _call(lambda: graph.register_custom_pass("my_pass", missing, pass_type=1)),
            "members": [str(graph.CustomPassType.PATTERN), str(graph.CustomPassType.FULL_GRAPH)],
            "distinct": graph.CustomPassType.PATTERN != graph.CustomPassType.FULL_GRAPH}


def case_register_custom_backend_checks():
    with tempfile.NamedTemporaryFile(suffix=".txt") as not_so:
        return {"no_name": _call(lambda: graph.register_custom_backend(None, "/x.so")),
                "no_path": _call(lambda: graph.register_custom_backend("b", None)),
                "relative": _call(lambda: graph.register_custom_backend("b", "rel.so")),
                "missing": _call(lambda: graph.register_custom_backend("b", "/mindshim_no_such_backend.so")),
                "not_a_library": _call(lambda: graph.register_custom_backend("b", not_so.name))}


def case_jit_homes():
    return {"jit": graph_api.jit is ms.jit, "jit_class": graph_api.jit_class is ms.jit_class,
            "ms_memory_recycle": graph_api.ms_memory_recycle is ms.ms_memory_recycle,
            "JitConfig": graph_jit_config.JitConfig is ms.JitConfig, "mutable": graph_mutable.mutable is ms.mutable,
            "lazy_inline": graph_lazy_inline.lazy_inline is ms.lazy_inline,
            "no_inline": graph_no_inline.no_inline is ms.no_inline, "Symbol": graph_symbol.Symbol is ms.Symbol}
