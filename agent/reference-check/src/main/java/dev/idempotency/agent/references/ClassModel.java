package dev.idempotency.agent.references;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What the JVM links against in one class: its name, access, supertypes and declared members
 * (keyed by name and descriptor, as the class file names them), without any code.
 */
record ClassModel(String name, int access, String superName, List<String> interfaces,
        Map<String, Integer> methods, Map<String, Integer> fields) {

    static ClassModel read(byte[] classFile) {
        Map<String, Integer> methods = new HashMap<>();
        Map<String, Integer> fields = new HashMap<>();
        String[] header = new String[2];
        int[] access = new int[1];
        String[][] interfaces = new String[1][];
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int version, int classAccess, String name, String signature, String superName,
                    String[] implemented) {
                header[0] = name;
                header[1] = superName;
                access[0] = classAccess;
                interfaces[0] = implemented == null ? new String[0] : implemented;
            }

            @Override
            public FieldVisitor visitField(int fieldAccess, String name, String descriptor, String signature,
                    Object value) {
                fields.put(memberKey(name, descriptor), fieldAccess);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int methodAccess, String name, String descriptor, String signature,
                    String[] exceptions) {
                methods.put(memberKey(name, descriptor), methodAccess);
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassModel(header[0], access[0], header[1], List.of(interfaces[0]), Map.copyOf(methods),
                Map.copyOf(fields));
    }

    static String memberKey(String name, String descriptor) {
        return name + descriptor;
    }

    boolean isInterface() {
        return (access & Opcodes.ACC_INTERFACE) != 0;
    }

    boolean isAbstract() {
        return (access & Opcodes.ACC_ABSTRACT) != 0;
    }

    boolean isPublic() {
        return (access & Opcodes.ACC_PUBLIC) != 0;
    }

    String packageName() {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? "" : name.substring(0, slash);
    }
}
