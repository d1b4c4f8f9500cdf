"""The Pusher table: the board, cups, balls and trays drawn, aiming and flicking a push, and a
push's recorded path played back."""
