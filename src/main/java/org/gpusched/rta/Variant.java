package org.gpusched.rta;

/**
 * PAPER: the analysis as published (gcaps-rta.md); ARTIFACT: the authors' code with its listed
 * differences; SAFE: the paper plus the smallest corrections that keep every bound at or above
 * what the simulator observes (docs/rta.md, "Variant safe"). SAFE only adds to PAPER.
 */
public enum Variant { PAPER, ARTIFACT, SAFE }
