"""The window's sounds, synthesised with numpy: a ball dropping into a cup, two balls colliding,
a ball landing back in its tray, and the click of a placement.

Nothing is downloaded or shipped: each sound is a few lines of arithmetic turned into a
``pygame.mixer.Sound`` once, when the mixer opens. Without a sound device (or under SDL's dummy
audio driver, or when the mixer cannot open) the window starts muted and says so once, in one
line: the sound library's own complaints (ALSA writes eight lines to the terminal) are kept
off the terminal while the mixer opens. M mutes, or tries the device again.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

import numpy as np
import pygame

RATE = 22050
"""Samples per second asked of the mixer."""


def _envelope(n: int, attack: float, decay: float, rate: int) -> np.ndarray:
    t = np.arange(n) / rate
    rise = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
    return np.asarray(rise * np.exp(-t / decay))


def waveforms(rate: int = RATE) -> dict[str, np.ndarray]:
    """Each sound as mono samples in -1..1 (kept apart from pygame so it can be tested)."""
    rng = np.random.default_rng(1993)

    def tone(seconds: float, freqs: tuple[float, ...], decay: float, noise: float) -> np.ndarray:
        n = int(seconds * rate)
        t = np.arange(n) / rate
        wave = sum(np.sin(2 * np.pi * f * t) / (k + 1) for k, f in enumerate(freqs))
        wave = wave + noise * rng.standard_normal(n)
        out = np.asarray(wave * _envelope(n, 0.002, decay, rate))
        return out / max(1e-9, float(np.abs(out).max()))

    drop = tone(0.16, (520.0, 1310.0, 2270.0), 0.035, 0.15)  # wood-on-marble "tok"
    collision = tone(0.06, (2900.0, 4100.0), 0.010, 0.05)  # glass-like click of two balls
    place = tone(0.05, (1800.0,), 0.008, 0.3)  # a short click
    n = int(0.32 * rate)
    t = np.arange(n) / rate
    sweep = np.sin(2 * np.pi * (700.0 * t - 500.0 * t * t))  # a falling whistle into the tray
    tray = sweep * _envelope(n, 0.02, 0.12, rate) + 0.5 * tone(0.32, (380.0,), 0.06, 0.1)
    tray = tray / max(1e-9, float(np.abs(tray).max()))
    return {"drop": drop, "collision": collision, "place": place, "tray": tray}


VOLUME: dict[str, float] = {"drop": 0.5, "collision": 0.35, "place": 0.4, "tray": 0.45}
NO_DEVICE = "no sound device: the window is muted (M tries again)"
_said: list[str] = []
"""What has been said about the sound device in this process (it is said once)."""


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """The process's standard error (file descriptor 2, where C libraries write) sent to the
    null device for the duration; Python's own sys.stderr is flushed first."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sounds:
    """The mixer's sounds, or silence; :meth:`play` never raises."""

    def __init__(self, enabled: bool = True) -> None:
        self.muted = not enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []
        """Names of the sounds asked for, newest last (tests listen here)."""
        if enabled:
            self._open()

    def _open(self) -> None:
        try:
            if not pygame.mixer.get_init():
                self._init_mixer()
            init = pygame.mixer.get_init()
            if not init:
                return
            rate, _size, channels = init
            for name, wave in waveforms(rate).items():
                samples = (wave * 32767 * VOLUME[name]).astype(np.int16)
                if channels > 1:
                    samples = np.repeat(samples[:, None], channels, axis=1)
                self._sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(samples))
        except (pygame.error, ValueError, TypeError, OSError):
            self._sounds = {}  # no sound device: play silently

    def _init_mixer(self) -> None:
        """Open the mixer; without a device, mute and say so (once a process)."""
        try:
            with quiet_stderr():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
        except pygame.error:
            self.muted = True
            if NO_DEVICE not in _said:
                _said.append(NO_DEVICE)
                print(f"pusher: {NO_DEVICE}", file=sys.stderr)
            raise

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns True when now muted."""
        self.muted = not self.muted
        if not self.muted and not self._sounds:
            self._open()
        return self.muted

    def play(self, name: str, volume: float = 1.0) -> None:
        self.played.append(name)
        del self.played[:-50]
        if self.muted:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.set_volume(max(0.0, min(1.0, volume)))
            sound.play()
        except pygame.error:
            pass
