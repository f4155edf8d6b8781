"""torch_env_from_environ: MindSpore / MPI launch variables -> torchrun's (pure function, no processes)."""
import pytest

from mindshim._backend.launch_env import SchedulerExit, is_scheduler, torch_env_from_environ


def test_nothing_distributed_gives_none():
    assert torch_env_from_environ({}) is None
    assert torch_env_from_environ({"PATH": "/bin", "DEVICE_ID": "0", "RANK_SIZE": "1"}) is None


def test_torchrun_variables_take_precedence():
    env = {"RANK": "1", "WORLD_SIZE": "2", "OMPI_COMM_WORLD_RANK": "0", "OMPI_COMM_WORLD_SIZE": "4",
           "MS_ROLE": "MS_SCHED"}
    assert torch_env_from_environ(env) is None
    assert not is_scheduler(env)


def test_open_mpi():
    env = {"OMPI_COMM_WORLD_RANK": "3", "OMPI_COMM_WORLD_SIZE": "4", "OMPI_COMM_WORLD_LOCAL_RANK": "1",
           "OMPI_COMM_WORLD_LOCAL_SIZE": "2"}
    assert torch_env_from_environ(env) == {"RANK": "3", "WORLD_SIZE": "4", "LOCAL_RANK": "1",
                                           "LOCAL_WORLD_SIZE": "2", "MASTER_ADDR": "127.0.0.1",
                                           "MASTER_PORT": "8118"}


def test_mpich_and_scheduler_address():
    env = {"PMI_RANK": "1", "PMI_SIZE": "2", "MS_SCHED_HOST": "10.0.0.7", "MS_SCHED_PORT": "9000",
           "MASTER_PORT": "1234"}
    out = torch_env_from_environ(env)
    assert (out["RANK"], out["WORLD_SIZE"], out["LOCAL_RANK"], out["LOCAL_WORLD_SIZE"]) == ("1", "2", "1", "2")
    assert (out["MASTER_ADDR"], out["MASTER_PORT"]) == ("10.0.0.7", "9000")
    env = {"PMI_RANK": "0", "PMI_SIZE": "2", "MPI_LOCALRANKID": "0", "MPI_LOCALNRANKS": "1",
           "MASTER_ADDR": "node0", "MASTER_PORT": "29500"}
    out = torch_env_from_environ(env)
    assert (out["LOCAL_WORLD_SIZE"], out["MASTER_ADDR"], out["MASTER_PORT"]) == ("1", "node0", "29500")


def test_dynamic_cluster_worker():
    env = {"MS_ROLE": "MS_WORKER", "MS_WORKER_NUM": "4", "MS_SCHED_HOST": "127.0.0.2", "MS_SCHED_PORT": "8200",
           "MS_NODE_ID": "2", "DEVICE_ID": "0", "RANK_ID": "3"}
    out = torch_env_from_environ(env)
    # a numeric MS_NODE_ID is the rank id (MindSpore: "Rank ids are already set by numeric node ids")
    assert out == {"RANK": "2", "WORLD_SIZE": "4", "LOCAL_RANK": "0", "LOCAL_WORLD_SIZE": "4",
                   "MASTER_ADDR": "127.0.0.2", "MASTER_PORT": "8200"}
    env.update(MS_NODE_ID="worker_b")
    assert torch_env_from_environ(env)["RANK"] == "3"  # falls back to RANK_ID


def test_dynamic_cluster_dynamic_cluster_wins_over_mpi():
    env = {"MS_ROLE": "MS_WORKER", "MS_WORKER_NUM": "2", "RANK_ID": "1", "OMPI_COMM_WORLD_RANK": "0",
           "OMPI_COMM_WORLD_SIZE": "8"}
    out = torch_env_from_environ(env)
    assert (out["RANK"], out["WORLD_SIZE"]) == ("1", "2")


@pytest.mark.parametrize("env, words", [
    ({"MS_ROLE": "MS_WORKER", "RANK_ID": "0"}, "MS_WORKER_NUM"),
    ({"MS_ROLE": "MS_WORKER", "MS_WORKER_NUM": "2"}, "MS_NODE_ID"),
    ({"MS_ROLE": "MS_WORKER", "MS_WORKER_NUM": "2", "RANK_ID": "2"}, "[0, 2)"),
    ({"MS_ROLE": "MS_WORKER", "MS_WORKER_NUM": "two", "RANK_ID": "0"}, "MS_WORKER_NUM"),
    ({"MS_ROLE": "MS_PSERVER", "MS_WORKER_NUM": "2"}, "MS_PSERVER"),
    ({"OMPI_COMM_WORLD_RANK": "0", "OMPI_COMM_WORLD_SIZE": "2", "MS_SCHED_PORT": "http"}, "port"),
])
def test_invalid_settings_raise_clear_errors(env, words):
    with pytest.raises(RuntimeError) as info:
        torch_env_from_environ(env)
    assert words in str(info.value)


def test_scheduler_exits_with_status_zero(capsys):
    env = {"MS_ROLE": "MS_SCHED", "MS_WORKER_NUM": "2", "MS_SCHED_HOST": "127.0.0.1", "MS_SCHED_PORT": "8118"}
    assert is_scheduler(env)
    with pytest.raises(SchedulerExit) as info:
        torch_env_from_environ(env)
    assert isinstance(info.value, SystemExit) and info.value.code == 0
    assert "MS_SCHED" in capsys.readouterr().err


def test_rank_table_start():
    env = {"RANK_TABLE_FILE": "/tmp/rank_table_2pcs.json", "RANK_ID": "1", "RANK_SIZE": "2", "DEVICE_ID": "1"}
    out = torch_env_from_environ(env)
    assert (out["RANK"], out["WORLD_SIZE"], out["LOCAL_RANK"]) == ("1", "2", "1")
    del env["RANK_TABLE_FILE"]
    assert torch_env_from_environ(env) is None  # RANK_ID / RANK_SIZE alone are common single-device settings
