"""Pusher, the 1993 marble board game, simulated with a pymunk physics model, and the turn loop,
command line and window that it shares with Push (``rummy``) and Push Over (``pushover``)."""
