/* The parse baseline of Benchmarks/bench.sh (issue 7, part 1): libevemu's own parser over an
 * evemu recording, description (evemu_read) then every event (evemu_read_event), keeping
 * nothing. Prints "events N SUM seconds S" (S the process's CPU time from fopen to the last
 * event, as stylus-bench parse times it: the machine is shared, so wall time measures the
 * neighbours too) so the harness can check it read what our reader read.
 *
 *   evemu-parse FILE
 *
 * Built with: cc -O2 evemu-parse.c $(pkg-config --cflags --libs evemu) -o evemu-parse
 */
#include <evemu.h>
#include <linux/input.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: evemu-parse FILE\n");
        return 2;
    }
    double start = now();
    FILE *file = fopen(argv[1], "r");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    struct evemu_device *device = evemu_new(NULL);
    if (!device || evemu_read(device, file) <= 0) {
        fprintf(stderr, "evemu-parse: %s has no evemu description\n", argv[1]);
        return 1;
    }
    struct input_event event;
    long count = 0;
    long long checksum = 0; /* so the loop is not optimised away */
    while (evemu_read_event(file, &event) > 0) {
        count++;
        checksum += event.value;
    }
    double seconds = now() - start;
    printf("events %ld %lld seconds %.9f\n", count, checksum, seconds);
    evemu_delete(device);
    fclose(file);
    return 0;
}
