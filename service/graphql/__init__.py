"""GraphQL adapter: one namespace per ruleset, typed from the same pydantic models as REST."""
