package dev.idempotency.agent.clients.apache5;

import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An execution's keys that numbers the calls it is asked for, and notes what it was told of each. */
final class NumberedKeys implements OutgoingKeys {

    final List<String> asked = new CopyOnWriteArrayList<>();

    @Override
    public String header() {
        return "Idempotency-Key";
    }

    @Override
    public String next(String client, String method, String url, String host, int port) {
        asked.add(method + " " + url + " " + host + ":" + port);
        return "derived-" + asked.size();
    }
}
