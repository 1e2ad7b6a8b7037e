package dev.idempotency.agent.store.mvstore;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.h2.mvstore.Chunk;
import org.h2.mvstore.SingleFileStore;

/**
 * The store's file as MVStore writes it, except which chunks a compaction step rewrites: those with
 * the least of their length still live, as many as the step may write. A step has a budget of
 * bytes to rewrite, and rewriting a chunk whose share u is live frees (1 - u) of it for u written,
 * so the emptiest chunks free the most for the budget. MVStore's own choice ranks a chunk by its
 * live share over its age in versions, as an integer that is 0 for every chunk older than its live
 * percentage times 1,000 commits (minutes under churn), and among those takes the ones with the
 * fewest live bytes: the small chunks of single commits, a leaf of each still live, always came
 * before the large chunks of an import as they decayed, and under a day's churn these never got
 * their turn (docs/performance.md, "At volume").
 *
 * <p>A chunk more than {@value #MOST_LIVE_PERCENT} % live is not rewritten. Rewriting leaves moves
 * them and rewrites their parents too, and the next step's moves rewrite those parents again: a
 * step's own chunk was half to three quarters live a second later, then the emptiest there was
 * beside the import's chunks, and was rewritten again. Steps taking every chunk wrote 21 times the
 * live data in 30 minutes at 2 M records, moving the same cold leaves again and again, and the
 * chunks they left kept falling in live share (docs/performance.md, "At volume").
 */
final class EmptiestChunksFirst extends SingleFileStore {

    /** The most of its length a chunk may have live and still be rewritten. */
    static final int MOST_LIVE_PERCENT = 50;

    /** What the compaction in progress may rewrite (MVStore asks for candidates without saying). */
    private volatile int rewriteBudget;
    /** Chunks chosen for rewriting so far, and the live bytes in them (for benchmarks). */
    private volatile long chosenChunks;
    private volatile long chosenLiveBytes;

    EmptiestChunksFirst(Map<String, Object> config) {
        super(config);
    }

    @Override
    public boolean compact(int targetFillRate, int write) {
        rewriteBudget = write;
        return super.compact(targetFillRate, write);
    }

    /**
     * The chunks past the retention time with some but at most {@value #MOST_LIVE_PERCENT} % of their
     * length live, the emptiest first, as many as fit the budget together. MVStore then checks each again (not pinned, written)
     * and rewrites their live pages. A chunk's age is read by the clock, as MVStore reads it: by the
     * newest chunk's time instead, a store that went quiet after a burst never saw the burst's chunks
     * age, and kept them until the next write.
     */
    @Override
    @SuppressWarnings({"rawtypes", "unchecked"}) // MVStore's chunk class of this file store is not public
    public Collection getRewriteCandidates() {
        return isSpaceReused() ? candidates(rewriteBudget) : Collections.emptyList();
    }

    List<Chunk<?>> candidates(long budget) {
        Collection<? extends Chunk<?>> chunks = getChunks().values();
        long seasoned = getMvStore().getTimeAbsolute() - getCreationTime() - getRetentionTime();
        List<Chunk<?>> partlyLive = new ArrayList<>();
        for (Chunk<?> chunk : chunks) {
            if (chunk.maxLenLive > 0 && chunk.maxLenLive * 100 <= chunk.maxLen * MOST_LIVE_PERCENT
                    && chunk.time <= seasoned) {
                partlyLive.add(chunk);
            }
        }
        partlyLive.sort(Comparator.comparingDouble(EmptiestChunksFirst::liveShare));
        List<Chunk<?>> chosen = new ArrayList<>();
        long left = budget;
        for (Chunk<?> chunk : partlyLive) {
            if (chunk.maxLenLive <= left) {
                chosen.add(chunk);
                left -= chunk.maxLenLive;
                chosenLiveBytes += chunk.maxLenLive;
            }
        }
        chosenChunks += chosen.size();
        return chosen;
    }

    long chosenChunks() {
        return chosenChunks;
    }

    long chosenLiveBytes() {
        return chosenLiveBytes;
    }

    static double liveShare(Chunk<?> chunk) {
        return (double) chunk.maxLenLive / chunk.maxLen;
    }
}
