"""What a text means: the IR, lowering from the AST, the state space, the update law."""
