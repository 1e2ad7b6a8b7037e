package dev.idempotency.agent.servlet.javax;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javax.servlet.AsyncContext;
import javax.servlet.AsyncEvent;
import javax.servlet.AsyncListener;
import javax.servlet.DispatcherType;
import javax.servlet.http.HttpServletRequestWrapper;
import javax.servlet.http.HttpServletResponseWrapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An async request in Tomcat is recorded once: before the application's {@code complete()} hands
 * the response to Tomcat (a client that has the answer and retries at once must not find the key
 * in progress), or, when Tomcat ends it (a timeout, a dispatch that returns), on its listener.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CompletingAsyncContextTest {

    @RegisterExtension
    static final AdvisedTomcat tomcat = new AdvisedTomcat();

    private final AtomicBoolean completeReturned = new AtomicBoolean();
    private final AtomicReference<String> applicationThread = new AtomicReference<>();
    private final CountDownLatch tomcatCompleted = new CountDownLatch(1);

    @BeforeEach
    void recordWhetherCompleteHadReturned() {
        tomcat.gate.atFinish = completeReturned::get;
    }

    @Test
    void completeRecordsTheOutcomeOnTheApplicationsThreadBeforeTomcatHasTheResponse() throws Exception {
        tomcat.serve((request, response) -> {
            AsyncContext async = request.startAsync();
            assertThat(request.getAsyncContext()).isSameAs(async);
            async.start(() -> completeAfterService(async, "done"));
        });

        HttpResponse<byte[]> received = post();

        assertThat(tomcat.gate.outcomes()).as("recorded by the time the client has the response").hasSize(1);
        assertThat(received.body()).asString(ISO_8859_1).isEqualTo("done");
        RecordingGate.Outcome outcome = tomcat.gate.only();
        assertThat(outcome.response.status()).isEqualTo(received.statusCode());
        assertThat(outcome.response.body()).isEqualTo(received.body());
        assertThat(outcome.seenAtFinish).as("complete() had returned").isEqualTo(false);
        assertThat(outcome.thread).isEqualTo(applicationThread.get());
        awaitTomcatsCompletion();
        assertThat(tomcat.gate.outcomes()).as("once, though Tomcat's listener ran after").hasSize(1);
    }

    @Test
    void theApplicationsOwnWrappersPassedToStartAsyncStillRecordBeforeComplete() throws Exception {
        tomcat.serve((request, response) -> {
            AsyncContext async = request.startAsync(new HttpServletRequestWrapper(request),
                    new HttpServletResponseWrapper(response));
            async.start(() -> completeAfterService(async, "wrapped"));
        });

        HttpResponse<byte[]> received = post();

        assertThat(received.body()).asString(ISO_8859_1).isEqualTo("wrapped");
        RecordingGate.Outcome outcome = tomcat.gate.only();
        assertThat(outcome.response.body()).isEqualTo(received.body());
        assertThat(outcome.seenAtFinish).as("complete() had returned").isEqualTo(false);
        awaitTomcatsCompletion();
        assertThat(tomcat.gate.outcomes()).hasSize(1);
    }

    @Test
    void anAsyncRequestThatTimesOutIsRecordedOnceWithTheStatusTomcatSent() throws Exception {
        tomcat.serve((request, response) -> {
            AsyncContext async = request.startAsync();
            async.setTimeout(200);
            async.addListener(completion());
        });

        HttpResponse<byte[]> received = post();

        awaitTomcatsCompletion();
        awaitOutcome();
        assertThat(received.statusCode()).isEqualTo(500);
        assertThat(tomcat.gate.only().response.status()).isEqualTo(received.statusCode());
    }

    @Test
    void aDispatchedAsyncRequestIsRecordedOnceWithWhatTheDispatchWrote() throws Exception {
        tomcat.serve((request, response) -> {
            if (request.getDispatcherType() == DispatcherType.ASYNC) {
                response.getWriter().write("dispatched");
                return;
            }
            AsyncContext async = request.startAsync();
            async.addListener(completion());
            async.start(async::dispatch);
        });

        HttpResponse<byte[]> received = post();

        awaitTomcatsCompletion();
        awaitOutcome();
        assertThat(received.body()).asString(ISO_8859_1).isEqualTo("dispatched");
        RecordingGate.Outcome outcome = tomcat.gate.only();
        assertThat(outcome.response.status()).isEqualTo(received.statusCode());
        assertThat(outcome.response.body()).isEqualTo(received.body());
    }

    // ---- helpers ----

    /** On the container's async thread, once the advised {@code service} call has returned. */
    private void completeAfterService(AsyncContext async, String body) {
        try {
            tomcat.serviceReturned().get(10, TimeUnit.SECONDS);
            applicationThread.set(Thread.currentThread().getName());
            async.addListener(completion()); // after the adapter's own, so it hears of the end later
            async.getResponse().getWriter().write(body);
            async.complete();
            completeReturned.set(true);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private AsyncListener completion() {
        return new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                tomcatCompleted.countDown();
            }

            @Override
            public void onTimeout(AsyncEvent event) {
            }

            @Override
            public void onError(AsyncEvent event) {
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
            }
        };
    }

    private void awaitTomcatsCompletion() throws InterruptedException {
        assertThat(tomcatCompleted.await(10, TimeUnit.SECONDS)).as("Tomcat completed the request").isTrue();
    }

    /** Until the adapter has reported, for ends Tomcat tells of on its listeners; at most 10 s. */
    private static void awaitOutcome() throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (tomcat.gate.outcomes().isEmpty() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
    }

    private static HttpResponse<byte[]> post() throws IOException, InterruptedException {
        return tomcat.send(tomcat.request("/orders").POST(BodyPublishers.ofString("{}")));
    }
}
