package org.gpusched.qualify;

import org.gpusched.Peers;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * qualify's nptest path against the real nptest (the peer built by src/test/sh/build-peers.sh),
 * named with --nptest as a user names it: the sets drawn like files with and without jitter and
 * offsets are exported, nptest re-decides edf-serial's verdict on them, and the run must have compared sets of
 * every file and agreed on all of them. Skipped, saying which file was looked for, when nptest is
 * not built. -Dpeers.qualify.sets=N sets the sets per file.
 */
@Tag("peers")
class QualifyNptestPeerTest {
    static final int SETS = Integer.getInteger("peers.qualify.sets", 20);
    /** Without and with jitter (nptest then reads the time-triggered release), at 0 and from power-on. */
    static final List<String> LIKE = List.of("jetson-orin-perception.json", "paper-fig1.json",
            "online-edf-jitter.json", "power-on.json");

    @TempDir
    Path tmp;

    @Test
    void qualify_with_the_real_nptest_compares_sets_of_every_file_and_agrees() throws Exception {
        Path np = Peers.nptest();
        List<Qualify.Like> likes = new ArrayList<>();
        for (String f : LIKE) {
            Path p = Path.of("examples", f);
            likes.add(new Qualify.Like(p.toString(), Files.readAllBytes(p)));
        }
        Qualification q = Qualify.run(new Qualify.Config(likes, SETS, 5, null, null, np, null, tmp,
                Map.of("PATH", ""), Mutation.NONE, QualifyTest.TOOL, false), s -> { });
        assertThat(q.disagreements()).isEmpty();
        Qualification.Peer peer = q.peers().stream().filter(p -> p.name().equals("nptest")).findFirst().orElseThrow();
        assertThat(peer.requested()).isTrue();
        assertThat(peer.status()).isEqualTo("found");
        Qualification.Check c = QualifyTest.check(q, org.gpusched.qualify.Peers.NPTEST_CHECK);
        assertThat(c.disagreed()).isZero();
        assertThat(c.agreed()).as(c.toString()).isPositive();
        for (Qualify.Like l : likes) {
            assertThat(q.perInput()).as(l.file()).anySatisfy(x -> {
                assertThat(x.input()).isEqualTo(l.file());
                assertThat(x.check()).isEqualTo(org.gpusched.qualify.Peers.NPTEST_CHECK);
                assertThat(x.agreed()).isPositive();
            });
        }
        // nptest left nothing unchecked, and the power-on verdicts went to the reference core.
        assertThat(q.gaps()).isEmpty();
        assertThat(q.status()).isEqualTo("qualified");
    }
}
