package dev.idempotency.agent.servlet.javax;

import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.asm.Advice;
import org.apache.cxf.jaxrs.model.OperationResourceInfo;
import org.apache.cxf.message.Message;

/**
 * Inlined into Apache CXF 3's {@code JAXRSUtils.processParameters(OperationResourceInfo,
 * MultivaluedMap, Message)}: CXF has matched the resource method and run the request filters; the
 * method's parameters, its body among them, are not read yet. An answer of the agent's own
 * (replay, refusal) is put where a request filter's {@code abortWith} puts its answer, and the
 * parameters are left unread: CXF writes that answer through its response filters and writers
 * and never invokes the method. When no answer could be built, an exception is thrown in the
 * method's place, which CXF answers with a 500: the method never runs instead of an answer the
 * agent decided on.
 */
public final class CxfRsAdvice {

    private CxfRsAdvice() {
    }

    /** {@code Boolean.TRUE} when the agent answered, a {@code RuntimeException} to throw instead, or {@code null}: read the parameters. */
    @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = Advice.OnNonDefaultValue.class)
    public static Object enter(@Advice.Argument(0) OperationResourceInfo resourceMethod,
            @Advice.Argument(2) Message message) {
        return CxfRsHost.begin(resourceMethod, message);
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    public static void exit(@Advice.Enter Object answer,
            @Advice.Return(readOnly = false) List<Object> parameters,
            @Advice.Thrown(readOnly = false) Throwable thrown) {
        if (answer instanceof RuntimeException) {
            thrown = (RuntimeException) answer;
        } else if (answer != null) {
            parameters = new ArrayList<>();
        }
    }
}
