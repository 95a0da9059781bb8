"""What a client drives the turn with: decision and roll keys, how a turn halts early, the choices a
pending decision offers, typed events, request paths and the neutral wording."""
