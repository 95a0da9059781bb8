"""Power Up's extras: Extra Elements and Enhanced Power Up, and Power Up on Utility moves."""
