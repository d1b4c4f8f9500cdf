"""Shaded balls and cups, rendered once per size with numpy and cached.

Lighting a sphere per pixel each frame would cost far more than the physics; a pre-rendered
sprite per colour and radius costs one blit per ball, which keeps 51 rolling balls at 60 frames
per second.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pygame

from pusher_sim.board import Colour

RGB = tuple[int, int, int]

BALL_RGB: dict[Colour, RGB] = {
    Colour.RED: (214, 46, 42),
    Colour.BLUE: (36, 96, 214),
    Colour.YELLOW: (246, 200, 36),
    Colour.BLACK: (34, 34, 40),
}
CUP_RGB: dict[Colour, RGB] = {
    Colour.RED: (178, 52, 46),
    Colour.BLUE: (46, 84, 170),
    Colour.YELLOW: (206, 168, 40),
    Colour.BLACK: (22, 22, 26),
}
_LIGHT = np.array([-0.45, -0.55, 0.70])
_LIGHT = _LIGHT / np.linalg.norm(_LIGHT)


def _disc_geometry(radius: float) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """Sprite size, unit-disc coordinates x, y (x right, y down) and edge coverage (antialias)."""
    size = int(np.ceil(2.0 * radius)) + 2
    c = (size - 1) / 2.0
    ys, xs = np.mgrid[0:size, 0:size].astype(float)
    x, y = (xs - c) / radius, (ys - c) / radius
    dist = np.hypot(xs - c, ys - c)
    coverage = np.clip(radius - dist + 0.5, 0.0, 1.0)
    return size, x, y, coverage


def _to_surface(rgb: np.ndarray, alpha: np.ndarray) -> pygame.Surface:
    size = rgb.shape[0]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pixels = pygame.surfarray.pixels3d(surf)
    pixels[:] = np.clip(rgb, 0, 255).astype(np.uint8).transpose(1, 0, 2)
    del pixels
    alphas = pygame.surfarray.pixels_alpha(surf)
    alphas[:] = np.clip(alpha * 255.0, 0, 255).astype(np.uint8).T
    del alphas
    return surf


@lru_cache(maxsize=512)
def ball_sprite(colour: Colour, radius_px: int) -> pygame.Surface:
    """A glossy ball: diffuse light from the top left, a specular spot and a darker limb."""
    radius = max(2.0, float(radius_px))
    _size, x, y, coverage = _disc_geometry(radius)
    r2 = np.clip(x * x + y * y, 0.0, 1.0)
    z = np.sqrt(1.0 - r2)
    normal = np.stack([x, y, z], axis=-1)
    diffuse = np.clip(normal @ _LIGHT, 0.0, 1.0)
    half = _LIGHT + np.array([0.0, 0.0, 1.0])
    half = half / np.linalg.norm(half)
    specular = np.clip(normal @ half, 0.0, 1.0) ** 40
    base = np.array(BALL_RGB[colour], dtype=float)
    shade = 0.38 + 0.72 * diffuse
    rgb = base[None, None, :] * shade[..., None] + 255.0 * 0.75 * specular[..., None]
    rgb *= (0.82 + 0.18 * z)[..., None]
    return _to_surface(rgb, coverage)


@lru_cache(maxsize=64)
def cup_sprite(colour: Colour, radius_px: int) -> pygame.Surface:
    """A hollow: the bowl's wall facing the light is bright, the other in shadow, with a lip."""
    radius = max(2.0, float(radius_px))
    _size, x, y, coverage = _disc_geometry(radius)
    r2 = np.clip(x * x + y * y, 0.0, 1.0)
    # A concave bowl's normal points inwards: the opposite tilt of a sphere's.
    z = np.sqrt(1.0 - 0.6 * r2)
    normal = np.stack([-0.6 * x, -0.6 * y, z], axis=-1)
    normal /= np.linalg.norm(normal, axis=-1, keepdims=True)
    diffuse = np.clip(normal @ _LIGHT, 0.0, 1.0)
    base = np.array(CUP_RGB[colour], dtype=float)
    rgb = base[None, None, :] * (0.35 + 0.75 * diffuse)[..., None]
    lip = np.clip((np.sqrt(r2) - 0.86) / 0.14, 0.0, 1.0)
    rgb = rgb * (1.0 - lip[..., None]) + (base * 1.15 + 20.0)[None, None, :] * lip[..., None]
    return _to_surface(rgb, coverage)


@lru_cache(maxsize=8)
def shadow_sprite(radius_px: int) -> pygame.Surface:
    """A soft contact shadow under a ball, offset by the caller toward the bottom right."""
    radius = max(2.0, float(radius_px))
    size, x, y, _ = _disc_geometry(radius)
    r = np.sqrt(x * x + y * y)
    alpha = np.clip(1.0 - r, 0.0, 1.0) ** 1.5 * 0.45
    return _to_surface(np.zeros((size, size, 3)), alpha)
