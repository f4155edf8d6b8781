"""Fixtures for dataset tests: folders of real-digit MNIST/CIFAR files written once per session."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("dataset_data_files", Path(__file__).with_name("data_files.py"))
data_files = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(data_files)  # type: ignore[union-attr]


@pytest.fixture(scope="session")
def mnist_dir(tmp_path_factory) -> str:
    return str(data_files.write_mnist_dir(tmp_path_factory.mktemp("mnist")))


@pytest.fixture(scope="session")
def cifar10_dir(tmp_path_factory) -> str:
    return str(data_files.write_cifar10_dir(tmp_path_factory.mktemp("cifar10")))


@pytest.fixture(scope="session")
def cifar100_dir(tmp_path_factory) -> str:
    return str(data_files.write_cifar100_dir(tmp_path_factory.mktemp("cifar100")))


@pytest.fixture(scope="session")
def digits():
    return data_files.digits()
