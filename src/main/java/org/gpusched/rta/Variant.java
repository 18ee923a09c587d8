package org.gpusched.rta;

/** PAPER: the analysis as published (gcaps-rta.md); ARTIFACT: the authors' code with its listed differences. */
public enum Variant { PAPER, ARTIFACT }
