"""The turn request and answer as pydantic models (the contract), their bounded types, the campaign
options, a decision's value, and the codes the resolver reports."""
