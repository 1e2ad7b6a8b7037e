package dev.idempotency.agent.store.mvstore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.Page;

/**
 * Which maps the live pages of a file store's chunks belong to: every map's tree walked from its
 * root (inner pages read, leaves counted by their positions), each page's bytes (as MVStore counts
 * them, its length code's bound) added to its chunk under the map's kind, then summed over the
 * chunks by how full the file's layout says each is. The layout's own count of live bytes beside the
 * walked ones shows pages it counts as live that no map reaches.
 */
final class PageCensus {

    /** Bytes by band of chunk fullness, then by kind of page. */
    private final Map<String, Map<String, Long>> byBand = new TreeMap<>();
    private final Map<Integer, Map<String, Long>> byChunk = new HashMap<>();

    private PageCensus() {
    }

    static String of(MVStore store) {
        PageCensus census = new PageCensus();
        String newest = newestSlice(store);
        // Holds the version walked: compaction must not free its chunks under the walk.
        MVStore.TxCounter walking = store.registerVersionUsage();
        try {
            for (String name : store.getMapNames()) {
                MVMap<?, ?> map = store.openMap(name);
                census.walk(map.getRootPage(), kindOf(name, newest));
            }
        } finally {
            store.deregisterVersionUsage(walking);
        }
        return census.report(store);
    }

    /** The slice with the latest start among the widest in use: the one new keys go to. */
    private static String newestSlice(MVStore store) {
        String newest = null;
        long newestStart = Long.MIN_VALUE;
        for (String name : store.getMapNames()) {
            String[] parts = name.split("-");
            if (parts.length == 4 && parts[0].equals("slice") && parts[3].equals("records")) {
                long start = Long.parseLong(parts[2], 16) << Integer.parseInt(parts[1]);
                if (start > newestStart) {
                    newestStart = start;
                    newest = parts[0] + "-" + parts[1] + "-" + parts[2];
                }
            }
        }
        return newest;
    }

    private static String kindOf(String mapName, String newestSlice) {
        if (mapName.startsWith("slice-")) {
            String age = newestSlice != null && mapName.startsWith(newestSlice + "-") ? "newest" : "older";
            return age + (mapName.endsWith("-records") ? " records" : " expiry");
        }
        return mapName;
    }

    private void walk(Page<?, ?> page, String kind) {
        if (page == null || page.getPos() == 0) {
            return;
        }
        boolean leaf = page.isLeaf();
        add(page.getPos(), kind + (leaf ? " leaf" : " inner"));
        if (leaf) {
            return;
        }
        for (int i = 0; i < page.getRawChildPageCount(); i++) {
            long child = page.getChildPagePos(i);
            if (child == 0) {
                continue;
            }
            if (DataUtils.getPageType(child) == DataUtils.PAGE_TYPE_LEAF) {
                add(child, kind + " leaf");
            } else {
                walk(page.getChildPage(i), kind);
            }
        }
    }

    private void add(long pos, String kind) {
        byChunk.computeIfAbsent(DataUtils.getPageChunkId(pos), chunk -> new HashMap<>())
                .merge(kind, (long) DataUtils.getPageMaxLength(pos), Long::sum);
    }

    private String report(MVStore store) {
        long layoutLive = 0;
        long walkedLive = 0;
        List<String> notWalked = new ArrayList<>();
        for (Map.Entry<String, String> entry : store.getLayoutMap().entrySet()) {
            if (!entry.getKey().startsWith("chunk.")) {
                continue;
            }
            Map<String, String> chunk = DataUtils.parseMap(entry.getValue());
            int id = (int) FileStoreProbe.hex(chunk, "chunk", -1);
            long max = FileStoreProbe.hex(chunk, "max", 0);
            long live = FileStoreProbe.hex(chunk, "liveMax", max);
            layoutLive += live;
            String band = FileStoreProbe.BANDS[FileStoreProbe.band(max, live)];
            Map<String, Long> kinds = byChunk.remove(id);
            Map<String, Long> sums = byBand.computeIfAbsent(band, b -> new TreeMap<>());
            sums.merge("(chunk bytes)", max, Long::sum);
            sums.merge("(layout live)", live, Long::sum);
            if (kinds != null) {
                for (Map.Entry<String, Long> kind : kinds.entrySet()) {
                    sums.merge(kind.getKey(), kind.getValue(), Long::sum);
                    walkedLive += kind.getValue();
                }
            }
        }
        for (Integer chunk : byChunk.keySet()) {
            notWalked.add(Integer.toString(chunk));
        }
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "page census: live bytes %,d MB by the layout, %,d MB walked from the maps' roots%s",
                layoutLive / 1_000_000, walkedLive / 1_000_000,
                notWalked.isEmpty() ? "" : "; pages in chunks the layout lacks: " + notWalked));
        for (Map.Entry<String, Map<String, Long>> band : byBand.entrySet()) {
            out.append(System.lineSeparator()).append("  chunks ").append(band.getKey()).append(':');
            for (Map.Entry<String, Long> kind : band.getValue().entrySet()) {
                out.append(String.format(Locale.ROOT, " %s %,.1f MB;", kind.getKey(), kind.getValue() / 1e6));
            }
        }
        return out.toString();
    }
}
