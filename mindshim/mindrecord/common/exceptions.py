"""MindRecord's exception classes: one per error number, `str()` reads "[ClassName]: message".

The numbers and the error-code packing follow mindspore.mindrecord (runtime host, error-code type, common level,
system id 42, module id from the hundreds of the number) so `error_code` is the value MindSpore reports.
"""
from __future__ import annotations

# name -> (number, default message)
EXCEPTIONS: dict[str, list] = {
    "UnknownError": [0, "Unknown Error."], "ParamTypeError": [1, "Param type is error."],
    "ParamValueError": [2, "Param value is error."], "ParamMissError": [3, "Param missing."],
    "PathNotExistsError": [4, "Path does not exist."], "DbConnectionError": [5, "Db connection is error."],
    "MRMOpenError": [100, "MindRecord could not open."],
    "MRMOpenForAppendError": [101, "MindRecord could not open for append."],
    "MRMInvalidPageSizeError": [102, "Failed to set page size."],
    "MRMInvalidHeaderSizeError": [103, "Failed to set header size."],
    "MRMSetHeaderError": [104, "Failed to set header."], "MRMWriteDatasetError": [105, "Failed to write dataset."],
    "MRMCommitError": [107, "Failed to commit."], "MRMLaunchError": [108, "Failed to launch."],
    "MRMFinishError": [109, "Failed to finish."], "MRMCloseError": [110, "Failed to close."],
    "MRMAddSchemaError": [111, "Failed to add schema."], "MRMAddIndexError": [112, "Failed to add index field."],
    "MRMBuildSchemaError": [113, "Failed to build schema."], "MRMGetMetaError": [114, "Failed to get meta info."],
    "MRMIndexGeneratorError": [115, "Failed to create index generator."],
    "MRMGenerateIndexError": [116, "Failed to generate index."],
    "MRMInitSegmentError": [117, "Failed to initialize segment."],
    "MRMFetchCandidateFieldsError": [118, "Failed to fetch candidate category fields."],
    "MRMReadCategoryInfoError": [119, "Failed to read category information."],
    "MRMFetchDataError": [120, "Failed to fetch data by category."],
    "MRMInvalidSchemaError": [200, "Schema is error."], "MRMValidateDataError": [201, "Raw data is valid."],
    "MRMDefineIndexError": [202, "Index field is error."], "MRMDefineBlobError": [203, "Blob field is error."],
    "MRMUnsupportedSchemaError": [204, "Schema is not supported."],
    "MRMDefineCategoryError": [205, "Category field is error."],
}
_SYS_ID, _RT_HOST, _ERROR_CODE, _COMMON_LEVEL = 42, 1, 1, 0


class MindRecordException(Exception):
    """Base of MindRecord's errors."""

    def __init__(self) -> None:
        super().__init__()
        number, message = EXCEPTIONS.get(type(self).__name__, EXCEPTIONS["UnknownError"])
        self._error_msg = message
        self._error_code = self.transform_error_code(number)

    def __str__(self) -> str:
        return f"[{type(self).__name__}]: {self._error_msg}"

    @property
    def error_msg(self) -> str:
        return self._error_msg

    @error_msg.setter
    def error_msg(self, msg: str) -> None:
        self._error_msg = msg

    @property
    def error_code(self) -> int:
        return self._error_code

    @staticmethod
    def transform_error_code(exception_no: int) -> int:
        mod_id = exception_no // 100 + 1
        return ((_RT_HOST << 30) | (_ERROR_CODE << 28) | (_COMMON_LEVEL << 25) | (_SYS_ID << 17)
                | (mod_id << 12) | (exception_no & 0x0FFF))


def _detail(prefix: str):
    def __init__(self, error_detail) -> None:
        MindRecordException.__init__(self)
        self.error_msg = prefix.format(error_detail)
    return __init__


def _fixed(message: str):
    def __init__(self) -> None:
        MindRecordException.__init__(self)
        self.error_msg = message
    return __init__


class ParamTypeError(MindRecordException):
    def __init__(self, param_name, expected_type) -> None:
        super().__init__()
        self.error_msg = f"Invalid parameter type. '{param_name}' expect {expected_type} type."


class ParamMissError(MindRecordException):
    def __init__(self, param_name) -> None:
        super().__init__()
        self.error_msg = f"Param missing. '{param_name}' is required."


_WITH_DETAIL = {
    "ParamValueError": "Invalid parameter value. {}", "PathNotExistsError": "Invalid path. {}",
    "DbConnectionError": "Db connection is error. Detail: {}",
    "MRMInvalidSchemaError": "Schema format is error. Detail: {}",
    "MRMValidateDataError": "Raw data do not match the schema. Detail: {}",
    "MRMDefineIndexError": "Failed to define index field. Detail: {}",
    "MRMDefineBlobError": "Failed to define blob field. Detail: {}",
    "MRMUnsupportedSchemaError": "Schema is not supported. Detail: {}",
    "MRMDefineCategoryError": "Failed to define category field. Detail: {}",
}
_FIXED = {"MRMOpenError": "MindRecord File could not open successfully.",
          "MRMOpenForAppendError": "MindRecord File could not open successfully for append."}

for _name in EXCEPTIONS:
    if _name in ("ParamTypeError", "ParamMissError"):
        continue
    _body: dict = {"__module__": __name__}
    if _name in _WITH_DETAIL:
        _body["__init__"] = _detail(_WITH_DETAIL[_name])
    elif _name in _FIXED:
        _body["__init__"] = _fixed(_FIXED[_name])
    globals()[_name] = type(_name, (MindRecordException,), _body)

__all__ = ["EXCEPTIONS", "MindRecordException"] + list(EXCEPTIONS)
