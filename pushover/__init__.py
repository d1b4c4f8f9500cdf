"""Push Over (Parker Brothers 1981), a push-your-luck dice race, on the shared turn loop."""
