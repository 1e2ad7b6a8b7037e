package dev.idempotency.agent.tooling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The part of a class file before the fields: its flags, super class and interfaces. Reading it
 * walks the constant pool once and decodes only the names it needs, which is what makes the
 * servlet pre-filter cheap next to a full parse of every class the application loads.
 */
final class ClassFileHeader {

    private static final int ACC_INTERFACE = 0x0200;

    private final boolean isInterface;
    private final String superName;
    private final List<String> interfaceNames;

    private ClassFileHeader(boolean isInterface, String superName, List<String> interfaceNames) {
        this.isInterface = isInterface;
        this.superName = superName;
        this.interfaceNames = interfaceNames;
    }

    /** Internal names ({@code java/lang/Object}); {@code null} for a malformed class file. */
    static ClassFileHeader parse(byte[] bytes) {
        try {
            return read(bytes);
        } catch (RuntimeException malformed) {
            return null; // the JVM rejects it anyway; not ours to report
        }
    }

    boolean isInterface() {
        return isInterface;
    }

    /** {@code null} for {@code java/lang/Object} and module descriptors. */
    String superName() {
        return superName;
    }

    List<String> interfaceNames() {
        return interfaceNames;
    }

    private static ClassFileHeader read(byte[] b) {
        if (u4(b, 0) != 0xCAFEBABE) {
            return null;
        }
        int count = u2(b, 8);
        int[] offsets = new int[count];
        int at = 10;
        for (int i = 1; i < count; i++) {
            offsets[i] = at;
            int tag = b[at] & 0xFF;
            switch (tag) {
                case 1: // Utf8
                    at += 3 + u2(b, at + 1);
                    break;
                case 7: case 8: case 16: case 19: case 20: // Class, String, MethodType, Module, Package
                    at += 3;
                    break;
                case 15: // MethodHandle
                    at += 4;
                    break;
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
                    at += 5;
                    break;
                case 5: case 6: // Long and Double take two slots
                    at += 9;
                    i++;
                    break;
                default:
                    throw new IllegalArgumentException("constant pool tag " + tag);
            }
        }
        int access = u2(b, at);
        int superIndex = u2(b, at + 4);
        int interfaceCount = u2(b, at + 6);
        List<String> interfaces = interfaceCount == 0 ? Collections.emptyList() : new ArrayList<>(interfaceCount);
        for (int i = 0; i < interfaceCount; i++) {
            interfaces.add(className(b, offsets, u2(b, at + 8 + 2 * i)));
        }
        String superName = superIndex == 0 ? null : className(b, offsets, superIndex);
        return new ClassFileHeader((access & ACC_INTERFACE) != 0, superName, interfaces);
    }

    private static String className(byte[] b, int[] offsets, int classIndex) {
        int utf8 = offsets[u2(b, offsets[classIndex] + 1)];
        return modifiedUtf8(b, utf8 + 3, u2(b, utf8 + 1));
    }

    /** Class names are almost always ASCII; the general case follows JVMS 4.4.7. */
    private static String modifiedUtf8(byte[] b, int start, int length) {
        char[] chars = new char[length];
        int n = 0;
        for (int i = start, end = start + length; i < end; n++) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                chars[n] = (char) c;
                i++;
            } else if ((c & 0xE0) == 0xC0) {
                chars[n] = (char) (((c & 0x1F) << 6) | (b[i + 1] & 0x3F));
                i += 2;
            } else {
                chars[n] = (char) (((c & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F));
                i += 3;
            }
        }
        return new String(chars, 0, n);
    }

    private static int u2(byte[] b, int at) {
        return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
    }

    private static int u4(byte[] b, int at) {
        return (u2(b, at) << 16) | u2(b, at + 2);
    }
}
