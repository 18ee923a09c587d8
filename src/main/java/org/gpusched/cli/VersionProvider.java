package org.gpusched.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Version from the jar manifest (Maven fills it in), and the git commit and commit date the build
 * wrote into gpusched-build.properties (pom.xml, execution build-info): taken from the build, not
 * the clock, so the same commit gives the same jar and the same --version.
 */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        Properties build = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/gpusched-build.properties")) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException e) {
            // A jar without build information still prints its version.
        }
        return new String[] {"gpusched " + (v == null ? "dev" : v),
                "commit " + build.getProperty("commit", "unknown") + ", " + build.getProperty("date", "unknown"),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
    }
}
