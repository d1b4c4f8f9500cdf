"""Play across machines: one host holds the match, joined windows and bots see their seat's view.

Layering: this package sits above the turn loop (it drives a :class:`~pusher_sim.turnloop.Match`
and sends :mod:`~pusher_sim.turnloop.seat_view` data) and below the window, which may import it;
it never imports the window, but for the one entry that opens a joined window. The protocol, the
trust model and the bounds are in docs/network.md.
"""
