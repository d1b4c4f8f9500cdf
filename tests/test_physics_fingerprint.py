"""Push outcomes stay bit for bit what each model gave when it was released.

Speed work on the model (building the Space, the press's energy check, the settle checks)
must not move any ball by one bit: a 400-game tournament and the experiment figures were
computed with it. And a game played under model 6 must resolve its pushes under this build
exactly as model 6 did (config_for_model("6"), what a saved game without outcomes loads with).
Each digest covers a push's steps, outcome, final energy, fix-ups and every ball's exact
position, velocity and spin (tests/push_fingerprint.py records them for a new model).
"""

from __future__ import annotations

import pytest

from pusher_sim.physics.config import MODEL_SETTINGS
from pusher_sim.physics.version import MODEL_VERSION
from tests.push_fingerprint import digests

RECORDED_MODEL = "7"
FIRST_PUSHES = {
    "7": (
        "f45d369c1157565913f2fbbb672c4d707b97b6515ecd75d744bacc7146b08256",
        "cea9d14653645822efd67832fffb21af7865c890a619a13736f8ec11643bb3d6",
        "74678dd09bb8998c1a98ef1c5ff545587ad26ec5b85182e5710758bd21b09bab",
        "38b990e58ca63cf8abb59ccb2489f45cae99820a19cf97a85a0056ae16e11251",
        "36c0aa83fd6e3e080f54525d749b12a80257fa5d2049d7b7d772dfd7de4a405a",
        "a1c2d66cd0b8d800aeb3506b2dbe1329a272a3f68dc1378fd840f2e1a02aaad1",
        "36554861733ea40bc5a519511c41692ba6cc34deb79e98f61efa21d99e21bea2",
        "f234d47f73dc5a25c349fc87c53850bae2d6d02a1bedcebe3723ea382b95ec09",
    ),
    "6": (
        "a94fb9e270c23a662443e0edc32bd30c3856e3c1c7ff6f98731b5733dfcb987c",
        "5daee1647492a9b91231048525f740fe22f2b10891925edc812199f2af78d391",
        "fafb4497340283cc35a98106959db98aa0d380e3fe3cf4663fcb1d2827922ef4",
        "ceef4a7a36ed4cb199201428a9ed08fd703fd6db73540d1ecdb1e77df298139c",
        "26433b89b68b3b538714d9f78dd0f29ada311f730e2e50b6fba59c576c76889c",
        "7c30c50de84f7f00dc6c066fa7c04a5d56e3fba25b6fe35cf84e5ca364bcd7cb",
        "3f1ea0132778df4a3b79fd95e4b5694aad8dd02a3562fc24f5f0b7f83b840ea1",
        "8eace9a5344cfefd61883dddeabb02aa726d04f9e01d6fee6b69b6d73010928b",
    ),
}
ALL_300 = {
    "7": "4c5b0dc09c763795b84b15449376b66cc10dce06de3414b32c5a94b82821a33b",
    "6": "3a469f061e2ee1df8c95bdf61254abba24fedf1f3e83fd1a998914ec0758cc8d",
}


def test_fingerprints_are_of_the_current_model() -> None:
    assert MODEL_VERSION == RECORDED_MODEL


def test_every_model_this_build_runs_has_fingerprints() -> None:
    assert set(FIRST_PUSHES) == set(ALL_300) == set(MODEL_SETTINGS)


@pytest.mark.parametrize("model", sorted(FIRST_PUSHES))
def test_first_pushes_resolve_bit_for_bit_as_recorded(model: str) -> None:
    each, _ = digests(len(FIRST_PUSHES[model]), model=model)
    assert tuple(each) == FIRST_PUSHES[model]


@pytest.mark.slow
@pytest.mark.parametrize("model", sorted(ALL_300))
def test_three_hundred_pushes_resolve_bit_for_bit_as_recorded(model: str) -> None:
    _, whole = digests(300, model=model)
    assert whole == ALL_300[model]
