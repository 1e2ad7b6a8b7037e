package dev.idempotency.agent.references;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.objectweb.asm.Type;

/**
 * One use of a class or member by an adapter class, as the JVM resolves it when it links the
 * adapter: the owner named in the class file, the member's name and descriptor, and how it is
 * called (static or not, on an interface or a class), which must still match the API.
 * {@code madeIn} is the name and descriptor of the user's method the use is made in when that
 * method may override a host method (not static, not private, no constructor): such a use is
 * needed only where the host declares that method ({@link OptionalReferences}); else null.
 */
record Reference(String user, Kind kind, String owner, String name, String descriptor, boolean staticUse,
        boolean interfaceOwner, String madeIn) {

    enum Kind { CLASS, METHOD, FIELD }

    static Reference toClass(String user, String owner, String madeIn) {
        return new Reference(user, Kind.CLASS, owner, null, null, false, false, madeIn);
    }

    static Reference toMethod(String user, String owner, String name, String descriptor, boolean staticUse,
            boolean interfaceOwner, String madeIn) {
        return new Reference(user, Kind.METHOD, owner, name, descriptor, staticUse, interfaceOwner, madeIn);
    }

    static Reference toField(String user, String owner, String name, String descriptor, boolean staticUse,
            String madeIn) {
        return new Reference(user, Kind.FIELD, owner, name, descriptor, staticUse, false, madeIn);
    }

    boolean isConstructor() {
        return kind == Kind.METHOD && name.equals("<init>");
    }

    /** The reference as a Java reader would write it, e.g. {@code javax.servlet.ServletRequest.getParameter(String) : String}. */
    String describe() {
        String ownerName = javaName(owner);
        switch (kind) {
            case CLASS:
                return "class " + ownerName;
            case FIELD:
                return (staticUse ? "static field " : "field ") + ownerName + "." + name + " : "
                        + Type.getType(descriptor).getClassName();
            default:
                Type method = Type.getMethodType(descriptor);
                String arguments = Arrays.stream(method.getArgumentTypes()).map(Type::getClassName)
                        .collect(Collectors.joining(", "));
                if (isConstructor()) {
                    return "constructor " + ownerName + "(" + arguments + ")";
                }
                return (staticUse ? "static method " : "method ") + ownerName + "." + name + "(" + arguments + ") : "
                        + method.getReturnType().getClassName();
        }
    }

    static String javaName(String internalName) {
        return internalName.replace('/', '.');
    }
}
