package org.gpusched.player;

/** Which device plays the table: the CUDA one when it can, the simulated one, or strictly CUDA. */
public enum DeviceChoice {
    AUTO, SIM, CUDA
}
