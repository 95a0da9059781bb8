"""Interrupts: what a successful Interrupt Defensive Response does, Invincible Interrupt, and Triggered
Interrupt with Multiple Instances."""
