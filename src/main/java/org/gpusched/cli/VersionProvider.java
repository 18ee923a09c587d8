package org.gpusched.cli;

import picocli.CommandLine;

/** Version from the jar manifest (Maven fills it in). */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"gpusched " + (v == null ? "dev" : v),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
    }
}
