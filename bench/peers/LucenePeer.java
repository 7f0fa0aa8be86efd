// LucenePeer — the Lucene 8 peer: what a plain Lucene application does with the corpus.
//
//   java -cp CLASSPATH LucenePeer index CORPUS.jsonl INDEXDIR
//   java -cp CLASSPATH LucenePeer query INDEXDIR QUERIES [--rounds 3] [--records FILE]
//
// Index: EnglishAnalyzer; "text" stored and indexed with positions and offsets (the
// UnifiedHighlighter's postings-offsets path); "id" as a StringField and BinaryDocValues
// (read per hit like Xapian's value slot); per facet a
// multi-valued SortedSetDocValuesFacetField (counting) and a StringField "f_<facet>"
// (filtering). 256 MB RAM buffer, default merge policy, one final commit.
//
// Query: classic QueryParser on "text", default operator AND; a filter is a FILTER clause on
// the facet's StringField. BM25 (the default similarity).
//   plain  = searcher.search(q, 10) and the 10 ids
//   facets = FacetsCollector.search + SortedSetDocValuesFacetCounts.getTopChildren(10, dim)
//            for institution, venue and year (exact: every match is collected)
//   full   = facets + UnifiedHighlighter, one passage of about 200 chars per hit
// Same protocol and RESULT lines as the C++ programs (bench/bench_util.hpp).
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.StringField;
import org.apache.lucene.facet.FacetResult;
import org.apache.lucene.facet.Facets;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.LabelAndValue;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetCounts;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetField;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.uhighlight.LengthGoalBreakIterator;
import org.apache.lucene.search.uhighlight.UnifiedHighlighter;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.Version;

public class LucenePeer {
    static final String[] DIMS = {"institution", "venue", "year"};
    static final String[] JSON_KEYS = {"institutions", "venues", "years"};

    // ---- a small JSON reader for the corpus lines (objects, arrays, strings, numbers) ----
    static final class Json {
        final String s;
        int i;
        Json(String s) { this.s = s; }
        void ws() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }
        Object value() {
            ws();
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> m = new HashMap<>();
                i++; ws();
                if (s.charAt(i) == '}') { i++; return m; }
                while (true) {
                    ws(); String k = string(); ws(); i++; // ':'
                    m.put(k, value()); ws();
                    if (s.charAt(i++) == '}') return m;
                }
            }
            if (c == '[') {
                List<Object> l = new ArrayList<>();
                i++; ws();
                if (s.charAt(i) == ']') { i++; return l; }
                while (true) {
                    l.add(value()); ws();
                    if (s.charAt(i++) == ']') return l;
                }
            }
            if (c == '"') return string();
            int start = i;
            while (i < s.length() && "+-.0123456789eEtruefalsn".indexOf(s.charAt(i)) >= 0) i++;
            return s.substring(start, i);
        }
        String string() {
            StringBuilder b = new StringBuilder();
            i++; // opening quote
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') return b.toString();
                if (c != '\\') { b.append(c); continue; }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n': b.append('\n'); break;
                    case 't': b.append('\t'); break;
                    case 'r': b.append('\r'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'u': b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
                    default: b.append(e);
                }
            }
        }
    }

    static double peakRssMb() throws Exception {
        for (String line : Files.readAllLines(Paths.get("/proc/self/status")))
            if (line.startsWith("VmHWM:")) return Double.parseDouble(line.substring(6).replace("kB", "").trim()) / 1024.0;
        return 0;
    }

    /** User + system CPU seconds of the whole JVM (all threads: merges, JIT, GC). */
    static double processCpuS() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean)
            return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() / 1e9;
        return 0;
    }

    static long diskBytes(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    static String q(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + "\"";
    }

    static void index(String corpus, String dir) throws Exception {
        long t0 = System.nanoTime();
        Analyzer analyzer = new EnglishAnalyzer();
        IndexWriterConfig iwc = new IndexWriterConfig(analyzer);
        iwc.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
        iwc.setRAMBufferSizeMB(256);
        FacetsConfig fconf = new FacetsConfig();
        for (String d : DIMS) fconf.setMultiValued(d, true);
        FieldType textType = new FieldType();
        textType.setIndexOptions(IndexOptions.DOCS_AND_FREQS_AND_POSITIONS_AND_OFFSETS);
        textType.setTokenized(true);
        textType.setStored(true);
        textType.freeze();
        long n = 0, textBytes = 0;
        try (IndexWriter w = new IndexWriter(FSDirectory.open(Paths.get(dir)), iwc);
             BufferedReader in = Files.newBufferedReader(Paths.get(corpus), StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) continue;
                @SuppressWarnings("unchecked")
                Map<String, Object> r = (Map<String, Object>) new Json(line).value();
                String text = (String) r.get("text");
                Document doc = new Document();
                String id = (String) r.get("id");
                doc.add(new StringField("id", id, Field.Store.NO));
                doc.add(new BinaryDocValuesField("id", new BytesRef(id)));
                doc.add(new Field("text", text, textType));
                for (int k = 0; k < DIMS.length; k++) {
                    for (Object v : (List<?>) r.get(JSON_KEYS[k])) {
                        String value = v.toString();
                        doc.add(new SortedSetDocValuesFacetField(DIMS[k], value));
                        doc.add(new StringField("f_" + DIMS[k], value, Field.Store.NO));
                    }
                }
                w.addDocument(fconf.build(doc));
                n++;
                textBytes += text.getBytes(StandardCharsets.UTF_8).length;
            }
            w.commit();
        }
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT,
            "RESULT {\"engine\":\"lucene\",\"phase\":\"index\",\"version\":%s,\"docs\":%d,\"text_bytes\":%d," +
            "\"seconds\":%.6f,\"docs_per_s\":%.6f,\"cpu_s\":%.3f,\"index_bytes\":%d,\"peak_rss_mb\":%.3f}%n",
            q(Version.LATEST.toString()), n, textBytes, s, n / s, processCpuS(), diskBytes(Paths.get(dir)), peakRssMb());
    }

    static final class Record {
        long matches;
        List<String> ids = new ArrayList<>();
        List<FacetResult> facets = new ArrayList<>();
        String snippet = "";
    }

    static final class Searcher {
        final DirectoryReader reader;
        final IndexSearcher searcher;
        final Analyzer analyzer = new EnglishAnalyzer();
        final SortedSetDocValuesReaderState state;
        final UnifiedHighlighter highlighter;

        Searcher(String dir) throws Exception {
            reader = DirectoryReader.open(FSDirectory.open(Paths.get(dir)));
            searcher = new IndexSearcher(reader);
            state = new DefaultSortedSetDocValuesReaderState(reader);
            highlighter = new UnifiedHighlighter(searcher, analyzer);
            highlighter.setMaxLength(1 << 20);  // the whole field, as the other engines
            highlighter.setBreakIterator(() -> LengthGoalBreakIterator.createClosestToLength(
                BreakIterator.getWordInstance(Locale.ROOT), 200));
        }

        /** The profile id of a hit, from doc values (like Xapian's value slot): reading the
         *  stored fields instead would decompress the stored text's block for every hit. */
        String id(int doc) throws Exception {
            List<LeafReaderContext> leaves = reader.leaves();
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
            BinaryDocValues dv = leaf.reader().getBinaryDocValues("id");
            if (dv == null || !dv.advanceExact(doc - leaf.docBase)) return "";
            return dv.binaryValue().utf8ToString();
        }

        Query parse(String[] query) throws Exception {
            QueryParser qp = new QueryParser("text", analyzer);
            qp.setDefaultOperator(QueryParser.Operator.AND);
            Query q = qp.parse(query[1]);
            if (query[2].isEmpty()) return q;
            int eq = query[2].indexOf('=');
            return new BooleanQuery.Builder()
                .add(q, BooleanClause.Occur.MUST)
                .add(new TermQuery(new Term("f_" + query[2].substring(0, eq), query[2].substring(eq + 1))),
                     BooleanClause.Occur.FILTER)
                .build();
        }

        void run(String[] query, int mode, Record rec) throws Exception {
            Query q = parse(query);
            TopDocs td;
            long matches = 0;
            List<FacetResult> facets = new ArrayList<>();
            if (mode == 0) {
                td = searcher.search(q, 10);
            } else {
                FacetsCollector fc = new FacetsCollector();
                td = FacetsCollector.search(searcher, q, 10, fc);
                for (FacetsCollector.MatchingDocs md : fc.getMatchingDocs()) matches += md.totalHits;
                Facets counts = new SortedSetDocValuesFacetCounts(state, fc);
                for (String d : DIMS) facets.add(counts.getTopChildren(10, d));
            }
            List<String> ids = new ArrayList<>();
            for (ScoreDoc sd : td.scoreDocs) ids.add(id(sd.doc));
            String[] snippets = null;
            if (mode == 2) snippets = highlighter.highlight("text", q, td, 1);
            if (rec != null) {
                rec.matches = matches;
                rec.ids = ids;
                rec.facets = facets;
                rec.snippet = snippets != null && snippets.length > 0 && snippets[0] != null ? snippets[0] : "";
            }
        }
    }

    static String top3(FacetResult r) {
        if (r == null) return "";
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < Math.min(3, r.labelValues.length); k++) {
            LabelAndValue lv = r.labelValues[k];
            if (k > 0) b.append("; ");
            b.append(lv.label).append('=').append(lv.value);
        }
        return b.toString();
    }

    static String stats(String name, double[] ms) {
        double[] v = ms.clone();
        Arrays.sort(v);
        double sum = 0;
        for (double x : v) sum += x;
        int n = v.length;
        java.util.function.DoubleUnaryOperator rank = p -> v[Math.min(n, Math.max(1, (int) Math.ceil(p * n - 1e-9))) - 1];
        return String.format(Locale.ROOT,
            "%s:{\"p50\":%.6f,\"p95\":%.6f,\"p99\":%.6f,\"mean\":%.6f,\"qps\":%.3f,\"samples\":%d}", q(name),
            rank.applyAsDouble(0.5), rank.applyAsDouble(0.95), rank.applyAsDouble(0.99), sum / n, 1000.0 * n / sum, n);
    }

    static void query(String dir, String qpath, int rounds, String records) throws Exception {
        Searcher s = new Searcher(dir);
        List<String[]> queries = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(qpath), StandardCharsets.UTF_8)) {
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] f = Arrays.copyOf(line.split("\t", -1), 3);
            for (int k = 0; k < 3; k++) if (f[k] == null) f[k] = "";
            queries.add(f);
        }
        long total = 0;
        try (PrintWriter out = records == null ? null : new PrintWriter(records, StandardCharsets.UTF_8)) {
            for (String[] qq : queries) {  // warm-up in full mode, and the cross-check records
                Record r = new Record();
                s.run(qq, 2, r);
                total += r.matches;
                if (out != null)
                    out.println(String.join("\t", qq[0], qq[1], qq[2], Long.toString(r.matches), String.join(",", r.ids),
                        top3(r.facets.get(0)), top3(r.facets.get(1)), top3(r.facets.get(2)),
                        r.snippet.replaceAll("[\t\r\n]", " ")));
            }
        }
        StringBuilder res = new StringBuilder(String.format(Locale.ROOT,
            "RESULT {\"engine\":\"lucene\",\"phase\":\"query\",\"queries\":%d,\"rounds\":%d,\"total_matches\":%d",
            queries.size(), rounds, total));
        String[] modes = {"plain", "facets", "full"};
        for (int mode = 0; mode < 3; mode++) {
            double[] ms = new double[rounds * queries.size()], cpu = new double[rounds * queries.size()];
            java.lang.management.ThreadMXBean tmx = java.lang.management.ManagementFactory.getThreadMXBean();
            int k = 0;
            for (int r = -1; r < rounds; r++)  // round -1: warm-up (and JIT), untimed
                for (String[] qq : queries) {
                    long c0 = tmx.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    s.run(qq, mode, null);
                    if (r >= 0) {
                        ms[k] = (System.nanoTime() - t0) / 1e6;
                        cpu[k++] = (tmx.getCurrentThreadCpuTime() - c0) / 1e6;
                    }
                }
            res.append(',').append(stats(modes[mode], ms)).append(',').append(stats(modes[mode] + "_cpu", cpu));
        }
        res.append(String.format(Locale.ROOT, ",\"peak_rss_mb\":%.3f,\"index_bytes\":%d}", peakRssMb(),
            diskBytes(Paths.get(dir))));
        System.out.println(res);
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 3 && args[0].equals("index")) {
            index(args[1], args[2]);
        } else if (args.length >= 3 && args[0].equals("query")) {
            int rounds = 3;
            String records = null;
            for (int i = 3; i + 1 < args.length; i += 2) {
                if (args[i].equals("--rounds")) rounds = Integer.parseInt(args[i + 1]);
                else if (args[i].equals("--records")) records = args[i + 1];
            }
            query(args[1], args[2], rounds, records);
        } else {
            System.err.println("usage: LucenePeer index CORPUS.jsonl DIR | query DIR QUERIES [--rounds 3] [--records FILE]");
            System.exit(2);
        }
    }
}
