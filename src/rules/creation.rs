//! Card creation (`CardPool.CreateQuadMistCard`): stat rolls, type and arrow-mask odds.
