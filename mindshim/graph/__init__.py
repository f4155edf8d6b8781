"""mindspore.graph (new in MindSpore 2.10): the graph compiler's plug-in points. The jit decorators' new homes
(`mindspore.graph.api`, `.jit_config`, `.mutable`, `.lazy_inline`, `.no_inline`, `.symbol`) re-export the objects
`mindspore` already binds."""
from mindshim.graph.custom_backend import register_custom_backend
from mindshim.graph.custom_pass import CustomPassType, register_custom_pass

__all__ = ["register_custom_pass", "register_custom_backend", "CustomPassType"]
