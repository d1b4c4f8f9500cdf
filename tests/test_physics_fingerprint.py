"""Push outcomes stay bit for bit what each model gave when it was released.

Speed work on the model (building the Space, the press's energy check, the settle checks)
must not move any ball by one bit: a 400-game tournament and the experiment figures were
computed with it. And a game played under model 6 must resolve its pushes under this build
exactly as model 6 did (config_for_model("6"), what a saved game without outcomes loads with),
and model 7 (config_for_model("7"), which a new game may still name) as model 7 did.
Each digest covers a push's steps, outcome, final energy, fix-ups and every ball's exact
position, velocity and spin (tests/push_fingerprint.py records them for a new model).
"""

from __future__ import annotations

import pytest

from pusher_sim.physics.config import MODEL_SETTINGS
from pusher_sim.physics.version import MODEL_VERSION
from tests.push_fingerprint import digests

RECORDED_MODEL = "9"
FIRST_PUSHES = {
    "10": (
        "ebad000db86119cd82af2f977854ded0a7b5997c15999f261711cf19cee690ba",
        "1b47cfbc74f205d70535e8cf699cdc46cf1ce37d4bc8636d9933529286afa273",
        "ad69a2217202fe41a9c6e351884ddf668450a622eca5b8ed3f2681be5c91266e",
        "71e1998b60494cde63583780c4e3e2203324607829d745da21e948cd425eca4b",
        "28bc5a7d3e71db514c58796172986660547d5ae59da641b5e9f536197f4dd4a2",
        "0f9f6ae13c0ca9fc329b4b61af17e0a134d6f92b84484908288a64cee438109f",
        "7fc3f2ab693db4ad66a01fd103d0457f4520b6cda97e0a10e3f04dc19646f81e",
        "b4f493df8e2cf5d25eeb8a3d05811124946624867d374a81f4d9dd1b38a8e5fa",
    ),
    "9": (
        "dcfe50afe07b7e47e29471651f8ea3b6197ebe9b26ae17a2b1170112ee956d6c",
        "567a8817e76f88ac785cb63cfbdb3d7c61477b713be88b91e308738e46acda45",
        "b9efe1008d27a86984663868003bcdb832a899f002e4880bba81e6dc92652840",
        "6b37023773ea5fa7c0ea16b5db7fae031c51672ff9443e4806dad940e41f002c",
        "2ecdc31cac0888f5a3ed9bd81539a157d5c6798d970451cde2ec609c229522dd",
        "4f4f8d5c7e54093e736a4daaa6a832ec18570aad6c955aea5599d85da96975cf",
        "fca3b422f232b337ab3c0cea8c4817395c615fe9199d8310180f28fab43cfb84",
        "7fa7b2c41d64f0daa23c4e007ee9ab4c4d28803e1ea5e541a8a99e5c4e89c25a",
    ),
    "8": (
        "1116e6964521561a6a672272cae15dfc2e32504312132b9e16fe7700e44586f6",
        "3211706e8c47dc2736103c87989ea5568a34f135e6b89119c9e4a71ef6bf01a5",
        "b334327b1ddcc5da407cefab3ee5508b91cb82a0d7b484d1c21a52d84974d637",
        "4e7fc9c3395bc44ddde196ae4193e3127f7d7d9f7263a156f1bbdafd8412a936",
        "eaef0ce5efe4ed52ab456be18e88e9923718834e2ad24496b440bbc307c1db23",
        "d6e84f9148b4838a93210a5f6b596d853e59fb10845930b5c20ca8e916e0de7c",
        "a8f83b75424a8fe6b8180be0e2f2ccd0a5a9bb3d2be6c5ee7498592ea5c4ee6d",
        "f9389367fd729137e629274f39de32d0bd50662857f24b4ab88b11684d20ad7a",
    ),
    "7": (
        "8fbbcd61142f24ce2b5a189fb354f4391e282e354ca2e16cecf28e190a995e3d",
        "41cf65700ddd400032d62e67d0cc29a472d7c2d29559c672266bd6f6d7889e38",
        "6a18ac2d92ac39f39aa17e446fe6fd371218386c04653955415b46523cea7ae7",
        "4ecb5a6f0c457ab4e67629c83e4bc265a9698c1a0bdb6c36672e26d27807f7db",
        "11e22f53ed03a385a3c8384c61cb0568816180eda977381647ba1111e6924304",
        "405e62476d5bdcfb6c9af2f7e75d51b234726f5d8195df11c18fbc64262c6e46",
        "a35d900cfb8bab80f232a5d90bad667ab234da0afd692a53119686b4be4e54b6",
        "6dd6312e95287fcc16c046caae0ab2376dfdb18c45a1187cafb2df5a05b896ee",
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
    "10": "8d1a877a869f3f07f4a010dd87ec0526e4e7a815a9f6ee2cee3bc2dec29b848f",
    "9": "9910860f208d54935352df2ddf7bee82a742983322d8ac96a075c69d4090b9d3",
    "8": "b1a77a42a8be13496b634a26eada0f92741d1842ec6ba1e656d415666aeed2c5",
    "7": "bfcbd063dfb00a126c0826eb680eeeb372273a5363e11e3ae6ec55ec34f63bf9",
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
