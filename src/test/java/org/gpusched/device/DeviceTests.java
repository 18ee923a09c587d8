package org.gpusched.device;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.PrintWriter;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Runs the named test classes on a machine with a Java runtime but no Maven (a GPU machine lent
 * for minutes; src/test/sh/device-pack.sh packs this class, the tests and their jars): prints
 * JUnit's summary, each failure with its cause, and exits 1 when a test failed, 0 otherwise.
 */
public final class DeviceTests {
    private DeviceTests() { }

    public static void main(String[] args) throws ClassNotFoundException {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
        for (String name : args) {
            request.selectors(selectClass(Class.forName(name)));
        }
        LauncherDiscoveryRequest built = request.build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        launcher.execute(built, summary);
        TestExecutionSummary s = summary.getSummary();
        PrintWriter out = new PrintWriter(System.out, true);
        s.printTo(out);
        s.printFailuresTo(out, 20);
        System.exit(s.getTotalFailureCount() > 0 || s.getTestsFoundCount() == 0 ? 1 : 0);
    }
}
