import sys
import mindspore
from mindspore import nn
from mindspore.nn import Cell
from mindspore.ops import functional as F
#
#
sys.path.insert(0, '/work/ms-oracle/lib/python3.11/site-packages/mindspore/nn/layer')
from mindspore.nn.cell import Cell
from mindspore.nn.layer.normalization import _BatchNorm

class _BatchNormOpt(_BatchNorm, Cell):

    def __init__(self):
        Cell.__init__(self)
        for key, value in _BatchNorm.__dict__.items():
            if not key.startswith('__'):
                setattr(_BatchNormOpt, key, value)
#
sys.path.insert(0, '/work/ms-oracle/lib/python3.11/site-packages/mindspore/nn/layer')
from mindspore import ops
from mindspore.nn.layer.basic import Dense
from mindspore.train.amp import amp_cast

class DenseOpt_1(Dense, Cell):

    def __init__(self, obj):
        Cell.__init__(self)
        for key, value in obj.__dict__.items():
            setattr(self, key, value)

    def construct(self, x):
        x_var = amp_cast(x, mindspore.float16)
        x_shape = self.shape_op(x_var)
        x_shape = amp_cast(x_shape, mindspore.float32)
        len_var_1 = len(x_shape)
        compare_var_1 = len_var_1 != 2
        if compare_var_1:
            subscript_var = x_shape[-1]
            usub_var = -1
            tuple_var = (usub_var, subscript_var)
            x_var_4 = amp_cast(x, mindspore.float16)
            tuple_var = amp_cast(tuple_var, mindspore.float16)
            x = self.reshape(x_var_4, tuple_var)
            x = amp_cast(x, mindspore.float32)
        x_var_1 = amp_cast(x, mindspore.float16)
        weight_var = amp_cast(self.weight, mindspore.float16)
        x = self.matmul(x_var_1, weight_var)
        x = amp_cast(x, mindspore.float32)
        if self.has_bias:
            x_var_3 = amp_cast(x, mindspore.float16)
            bias_var = amp_cast(self.bias, mindspore.float16)
            x = self.bias_add(x_var_3, bias_var)
            x = amp_cast(x, mindspore.float32)
        if self.activation_flag:
            x = self.activation(x)
        len_var = len(x_shape)
        compare_var = len_var != 2
        if compare_var:
            subscript_var_2 = ops.shape(x)[-1]
            tuple_var_1 = (subscript_var_2,)
            subscript_var_1 = x_shape[:-1]
            out_shape = subscript_var_1 + tuple_var_1
            x_var_2 = amp_cast(x, mindspore.float16)
            out_shape = amp_cast(out_shape, mindspore.float16)
            x = self.reshape(x_var_2, out_shape)
            x = amp_cast(x, mindspore.float32)
        return x

    def extend_repr(self):
        s = f'input_channels={self.in_channels}, output_channels={self.out_channels}'
        if self.has_bias:
            s += f', has_bias={self.has_bias}'
        if self.activation_flag:
            s += f', activation={self.activation}'
        return s
#
sys.path.insert(0, '/work/ms-oracle/lib/python3.11/site-packages/mindspore/nn/layer')
from mindspore.nn.layer.activation import ReLU

class ReLUOpt(ReLU, Cell):

    def __init__(self, obj):
        Cell.__init__(self)
        for key, value in obj.__dict__.items():
            setattr(self, key, value)

    def construct(self, input):
        input = amp_cast(input, mindspore.float16)
        relu_var = self.relu(input)
        relu_var = amp_cast(relu_var, mindspore.float32)
        return relu_var
#
sys.path.insert(0, '/work/ms-oracle/lib/python3.11/site-packages/mindspore/nn/layer')
from mindspore.ops.primitive import _primexpr
from mindspore.nn.layer.normalization import BatchNorm1d

class BatchNorm1dOpt(BatchNorm1d, _BatchNormOpt):

    def __init__(self, obj):
        _BatchNormOpt.__init__(self)
        for key, value in obj.__dict__.items():
            setattr(self, key, value)
        self._check_input_dim = obj.__class__._check_input_dim

    @staticmethod
    @_primexpr
    def _check_input_dim(shape, cls_name):

        def _check(dim):
            if dim not in (2, 3):
                raise ValueError(f"For '{cls_name}', the must have 2 dims or 3 dims, but got {dim}.")
        dim = len(shape)
        _check(dim)
#
sys.path.insert(0, '/work/ms-oracle/lib/python3.11/site-packages/mindspore/nn/layer')

class DenseOpt(Dense, Cell):

    def __init__(self, obj):
        Cell.__init__(self)
        for key, value in obj.__dict__.items():
            setattr(self, key, value)

    def construct(self, x):
        x_var = amp_cast(x, mindspore.float16)
        x_shape = self.shape_op(x_var)
        x_shape = amp_cast(x_shape, mindspore.float32)
        len_var_1 = len(x_shape)
        compare_var_1 = len_var_1 != 2
        if compare_var_1:
            subscript_var = x_shape[-1]
            usub_var = -1
            tuple_var = (usub_var, subscript_var)
            x_var_4 = amp_cast(x, mindspore.float16)
            tuple_var = amp_cast(tuple_var, mindspore.float16)
            x = self.reshape(x_var_4, tuple_var)
            x = amp_cast(x, mindspore.float32)
        x_var_1 = amp_cast(x, mindspore.float16)
        weight_var = amp_cast(self.weight, mindspore.float16)
        x = self.matmul(x_var_1, weight_var)
        x = amp_cast(x, mindspore.float32)
        if self.has_bias:
            x_var_3 = amp_cast(x, mindspore.float16)
            bias_var = amp_cast(self.bias, mindspore.float16)
            x = self.bias_add(x_var_3, bias_var)
            x = amp_cast(x, mindspore.float32)
        if self.activation_flag:
            x = self.activation(x)
        len_var = len(x_shape)
        compare_var = len_var != 2
        if compare_var:
            subscript_var_2 = ops.shape(x)[-1]
            tuple_var_1 = (subscript_var_2,)
            subscript_var_1 = x_shape[:-1]
            out_shape = subscript_var_1 + tuple_var_1
            x_var_2 = amp_cast(x, mindspore.float16)
            out_shape = amp_cast(out_shape, mindspore.float16)
            x = self.reshape(x_var_2, out_shape)
            x = amp_cast(x, mindspore.float32)
        return x

    def extend_repr(self):
        s = f'input_channels={self.in_channels}, output_channels={self.out_channels}'
        if self.has_bias:
            s += f', has_bias={self.has_bias}'
        if self.activation_flag:
            s += f', activation={self.activation}'
        return s
#
sys.path.insert(0, '/work/main/tests/parity/cases')
from amp_levels import _Probe

class _ProbeOpt(_Probe, nn.Cell):

    def __init__(self, obj):
        nn.Cell.__init__(self)
        for key, value in obj.__dict__.items():
            setattr(self, key, value)
        self.fc1 = DenseOpt(self.fc1)
        self.bn = BatchNorm1dOpt(self.bn)
        self.relu = ReLUOpt(self.relu)
        self.fc2 = DenseOpt_1(self.fc2)

    def construct(self, x):
        a = self.fc1(x)
        b = self.bn(a)
        c = self.relu(b)
        d = self.fc2(c)
        tuple_var = (a, b, c, d)
        return tuple_var
#