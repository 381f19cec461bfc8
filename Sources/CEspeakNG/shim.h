// espeak-ng's speech API (the classic speak_lib interface it keeps), for offline spoken instructions.
#include <espeak-ng/speak_lib.h>
